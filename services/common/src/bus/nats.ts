import {
  AckPolicy,
  ConsumerMessages,
  DeliverPolicy,
  Events,
  JetStreamClient,
  JetStreamManager,
  JsMsg,
  Msg,
  MsgHdrs,
  NatsConnection,
  NatsError,
  StorageType,
  StringCodec,
  Subscription as NatsSubscription,
  connect,
  headers as natsHeaders,
  nanos,
} from 'nats';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Logger } from '../logger';
import { Bus, BusHandler, BusMessage, HandledCount, SubscribeOptions, Subscription, SYNC_WAIT_MS, encodeJson, runWithRetry, streamOf } from './bus';
import { coalesced, settledWithin } from '../promises';
import { tracedHandler } from './trace';

export interface NatsBusOptions {
  /** One URL or a comma-separated list of the cluster's URLs. */
  url: string;
  /** Connection name, shown by the server's monitoring. */
  name: string;
  log: Logger;
  /** How long a publish waits for the JetStream ack, so it fails while NATS is unreachable. */
  publishTimeoutMs?: number;
  /** Delays between attempts of a failing broadcast handler (durable ones are redelivered by JetStream). */
  retryDelaysMs?: readonly number[];
  /** Pause between reconnect attempts. */
  reconnectTimeWaitMs?: number;
}

const STREAM_NOT_FOUND = 10059;
const CONSUMER_ALREADY_EXISTS = 10148;
const STREAM_MAX_AGE_MS = 7 * 24 * 3600_000;
const DUPLICATE_WINDOW_MS = 2 * 60_000;
/** Small pull batches let replicas share the work, and leave few messages behind when one stops. */
const PULL_BATCH = 10;
const MAX_REDELIVERY_DELAY_MS = 60_000;
/**
 * How long a durable message may stay unacknowledged before JetStream gives it to another
 * replica: the delay an event suffers when the replica handling it dies (default 30 s).
 */
const ACK_WAIT_MS = 10_000;

const codec = StringCodec();

/**
 * Payloads past this many bytes travel gzipped (header `Content-Encoding: gzip`): NATS refuses
 * a message past its max_payload (1 MiB by default), and an outbox row it refuses would hold
 * back every row after it. A message's event carries its HTML, up to Zulip's 1,000,000
 * characters of KaTeX or highlighted code, which compress about 200 times. Zipped and unzipped
 * on libuv's threads, not the event loop.
 */
export const COMPRESS_FROM_BYTES = 64 * 1024;
const CONTENT_ENCODING = 'Content-Encoding';
const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** Connects to NATS (failing if it is unreachable now) and keeps reconnecting forever afterwards. */
export async function createNatsBus(opts: NatsBusOptions): Promise<Bus> {
  const nc = await connect({
    servers: opts.url.split(',').map((s) => s.trim()),
    name: opts.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: opts.reconnectTimeWaitMs ?? 2_000,
    // Without it every request, so every JetStream publish, captures two stack traces (the
    // request's and its timer's) in case it fails: 1.7 % of S2's CPU. A failed publish still
    // rejects (a timeout with the timer's stack); the relay's log says which outbox it was.
    noAsyncTraces: true,
  });
  try {
    return new NatsBus(nc, await nc.jetstreamManager(), opts);
  } catch (err) {
    await nc.close();
    throw err;
  }
}

class NatsBus implements Bus {
  private readonly js: JetStreamClient;
  private readonly log: Logger;
  private readonly subscriptions = new Set<Subscription>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly disconnectListeners = new Set<() => void>();
  /** The broadcast subscriptions, with what each has handled (for sync()). */
  private readonly broadcasts = new Set<{ sub: NatsSubscription; handled: HandledCount }>();
  /** A round trip to the server that began after the call: what it had sent this connection before has arrived. */
  private readonly roundTrip = coalesced(() => this.nc.flush());

  constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly opts: NatsBusOptions,
  ) {
    this.js = nc.jetstream();
    this.log = opts.log;
    void this.logStatus();
  }

  async publish(subject: string, data: unknown, id: string, headers?: Record<string, string>): Promise<void> {
    let hdrs: MsgHdrs | undefined;
    for (const [key, value] of Object.entries(headers ?? {})) {
      hdrs ??= natsHeaders();
      hdrs.set(key, value);
    }
    let body = codec.encode(encodeJson(data));
    if (body.length > COMPRESS_FROM_BYTES) {
      body = await zip(body);
      hdrs ??= natsHeaders();
      hdrs.set(CONTENT_ENCODING, 'gzip');
    }
    // A duplicate id is acked too (with `duplicate` set): the message is stored once either way.
    await this.js.publish(subject, body, {
      msgID: id,
      timeout: this.opts.publishTimeoutMs ?? 5_000,
      ...(hdrs ? { headers: hdrs } : {}),
    });
  }

  async subscribe({ subject, durable, ordered, handler: untraced }: SubscribeOptions): Promise<Subscription> {
    const handler = tracedHandler(untraced);
    const stop = durable ? await this.consumeDurable(subject, durable, !!ordered, handler) : await this.consumeBroadcast(subject, handler);
    const subscription: Subscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await stop();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async sync(): Promise<void> {
    if (this.nc.isClosed() || !this.broadcasts.size) return;
    const deadline = Date.now() + SYNC_WAIT_MS;
    // The server writes to a connection in order: once the round trip's answer is here, so is
    // every message it had for this process's subscriptions when sync() was called.
    await settledWithin(this.roundTrip(), SYNC_WAIT_MS);
    await Promise.all([...this.broadcasts].map((b) => b.handled.upTo(b.sub.getReceived(), deadline - Date.now())));
  }

  async ensureStream(prefix: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]+$/.test(prefix)) throw new Error(`stream prefix '${prefix}' must be one subject token`);
    const name = streamOf(prefix);
    try {
      await this.jsm.streams.info(name);
      return;
    } catch (err) {
      if (apiErrorCode(err) !== STREAM_NOT_FOUND) throw err;
    }
    // Replicas may race here; adding an identical stream twice is accepted by the server.
    await this.jsm.streams.add({
      name,
      subjects: [`${prefix}.>`],
      storage: StorageType.File,
      max_age: nanos(STREAM_MAX_AGE_MS),
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    // drain() flushes the last acks; during an outage it resolves without ending the
    // reconnect loop, which only close() does.
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => undefined);
    await this.nc.close();
  }

  /** A durable pull consumer on the subject's stream, handled one message at a time. */
  private async consumeDurable(subject: string, durable: string, ordered: boolean, handler: BusHandler): Promise<() => Promise<void>> {
    const stream = streamOf(subject);
    // The reader may start before the owning service has created its stream.
    await this.ensureStream(subject.split('.')[0]);
    await this.ensureConsumer(stream, durable, subject, ordered);
    const consumer = await this.js.consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: ordered ? 1 : PULL_BATCH });
    const done = this.handleDurable(messages, handler).catch((err: unknown) => {
      this.log.error({ err, subject, durable }, 'bus consumer stopped');
    });
    return async () => {
      await messages.close();
      await done;
    };
  }

  private async ensureConsumer(stream: string, durable: string, subject: string, ordered: boolean): Promise<void> {
    // max_ack_pending 1: the server hands out the next message only after this one's ack.
    const limits = { ack_wait: nanos(ACK_WAIT_MS), ...(ordered && { max_ack_pending: 1 }) };
    try {
      await this.jsm.consumers.add(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: subject,
        ...limits,
      });
    } catch (err) {
      // Newer servers refuse to re-create a consumer whose config changed (a redeploy with a new subject).
      if (apiErrorCode(err) !== CONSUMER_ALREADY_EXISTS) throw err;
      await this.jsm.consumers.update(stream, durable, { filter_subject: subject, ...limits });
    }
  }

  private async handleDurable(messages: ConsumerMessages, handler: BusHandler): Promise<void> {
    for await (const m of messages) {
      const msg = await this.decode(m, `${m.info.stream}:${m.info.streamSequence}`);
      if (!msg) {
        m.term();
        continue;
      }
      try {
        await handler(msg);
        m.ack();
      } catch (err) {
        // Redelivered until it succeeds: a durable consumer must not lose events, only delay them.
        const delay = Math.min(MAX_REDELIVERY_DELAY_MS, 1_000 * 2 ** (m.info.redeliveryCount - 1));
        this.log.warn({ err, subject: msg.subject, id: msg.id, deliveries: m.info.redeliveryCount, retryInMs: delay }, 'bus handler failed; will be redelivered');
        m.nak(delay);
      }
    }
  }

  /** A core NATS subscription: it sees JetStream publishes too, from now on, in every process. */
  private async consumeBroadcast(subject: string, handler: BusHandler): Promise<() => Promise<void>> {
    const sub = this.nc.subscribe(subject);
    // A round trip to the server: once it returns, the server has registered the subscription, so
    // whatever is published after subscribe() resolves reaches it (the "from the time it subscribed"
    // promise of Bus.subscribe).
    await this.nc.flush();
    const retryDelaysMs = this.opts.retryDelaysMs ?? [100, 500, 2_000];
    const broadcast = { sub, handled: new HandledCount() };
    this.broadcasts.add(broadcast);
    const done = (async () => {
      for await (const m of sub) {
        const msg = await this.decode(m, '');
        if (msg) await runWithRetry(handler, msg, this.log, retryDelaysMs);
        broadcast.handled.done();
      }
    })();
    return async () => {
      // Stopped, it is waited for no more (not even for the handler it finishes).
      this.broadcasts.delete(broadcast);
      broadcast.handled.stop();
      sub.unsubscribe();
      await done;
    };
  }

  /** Parses a message (gunzipped first when it was zipped); one that is not JSON is logged and skipped, as no retry can fix it. */
  private async decode(m: Msg | JsMsg, fallbackId: string): Promise<BusMessage | undefined> {
    const id = m.headers?.get('Nats-Msg-Id') || fallbackId;
    const traceparent = m.headers?.get('traceparent');
    const tracestate = m.headers?.get('tracestate');
    const headers = traceparent ? { traceparent, ...(tracestate ? { tracestate } : {}) } : undefined;
    try {
      const body = m.headers?.get(CONTENT_ENCODING) === 'gzip' ? await unzip(m.data) : m.data;
      return { subject: m.subject, id, data: JSON.parse(codec.decode(body)), ...(headers ? { headers } : {}) };
    } catch (err) {
      this.log.error({ err, subject: m.subject, id }, 'bus message is not JSON; dropped');
      return undefined;
    }
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  onDisconnect(listener: () => void): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  private async logStatus(): Promise<void> {
    for await (const s of this.nc.status()) {
      if (s.type === Events.Disconnect) {
        this.log.warn({ server: s.data }, 'nats disconnected; reconnecting');
        for (const listener of this.disconnectListeners) listener();
      } else if (s.type === Events.Reconnect) {
        this.log.info({ server: s.data }, 'nats reconnected');
        for (const listener of this.reconnectListeners) listener();
      } else if (s.type === Events.Error) this.log.error({ err: s.data }, 'nats error');
    }
  }
}

function apiErrorCode(err: unknown): number | undefined {
  return err instanceof NatsError ? err.api_error?.err_code : undefined;
}
