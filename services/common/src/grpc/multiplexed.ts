import * as grpc from '@grpc/grpc-js';
import type { ApiError } from '../errors';
import type { MuxAnswer, MuxAnswer__Output } from '../generated/parley/common/v1/MuxAnswer';
import type { MuxCall, MuxCall__Output } from '../generated/parley/common/v1/MuxCall';
import type { MuxStart, MuxStart__Output } from '../generated/parley/common/v1/MuxStart';
import { CallContext, decodeCaller, encodeCaller } from './caller';
import { DETAILS_KEY, fromServiceError } from './status';

/**
 * Unary calls multiplexed on one bidirectional stream (MuxCall → MuxAnswer, common.proto).
 *
 * A unary grpc-js call costs about 240 µs of CPU on loopback, both ends together: an HTTP/2
 * stream of its own with headers, metadata, a deadline and trailers. A message on a stream
 * already open costs about 40 µs. For the gateway's long polls (GET /events: a hundred
 * receivers answered at once for each message sent to their channel) that difference is a
 * third of a delivery's cost, so those calls travel on one stream per connection, each under
 * an id, and are answered in any order.
 *
 * Only for idempotent calls: when a stream ends before a call is answered (the server drains
 * or restarts, the connection reached its maximum age) the call is sent again on a new stream,
 * up to MAX_SENDS times in all, then fails as a unary call to a service that is down does (503).
 */

/** How many times a call is sent before it fails: each stream it went on may end before answering. */
export const MAX_SENDS = 3;

/** An error as a unary call's status carries it, so that the caller sees the same ApiError. */
export type CallError = Partial<grpc.ServiceError> & { code: grpc.status };

/** A unary call answered: its reply, or its error status. */
export type CallOutcome = { reply: unknown } | { error: CallError };

/** A unary RPC run for one call, as the server runs it (server.ts; never rejects). */
export type RunCall = (request: unknown, call: CallContext, signal: () => AbortSignal) => Promise<CallOutcome>;

/**
 * An AbortSignal made only when a handler asks for it (most never do; an abort builds a
 * DOMException with its stack trace), already aborted if the call was cancelled before.
 */
export class LazySignal {
  private controller?: AbortController;
  private aborted = false;

  abort(): void {
    this.aborted = true;
    this.controller?.abort();
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort();
    }
    return this.controller.signal;
  }
}

/** One client's stream, as the server sees it. */
interface ServedStream {
  readonly call: grpc.ServerDuplexStream<MuxCall__Output, MuxAnswer>;
  /** The calls at work, by id. */
  readonly working: Map<number, LazySignal>;
  closing: boolean;
}

/**
 * The server's side of a multiplexed RPC: runs each call with `run` (the unary RPC's handler,
 * wrapped as for a unary call) and writes its answer; a cancel message aborts the call, as
 * the stream's own cancellation aborts them all.
 */
export class MultiplexedServer {
  private readonly streams = new Set<ServedStream>();

  constructor(
    private readonly unary: grpc.MethodDefinition<unknown, unknown>,
    private readonly secret: string,
    private readonly run: RunCall,
  ) {}

  readonly handle: grpc.handleBidiStreamingCall<MuxCall__Output, MuxAnswer> = (call) => {
    const served: ServedStream = { call, working: new Map(), closing: false };
    this.streams.add(served);
    // Headers at once: they commit the client's call (until then grpc-js keeps what it sent, for a retry).
    call.sendMetadata(new grpc.Metadata());
    call.on('data', (message: MuxCall__Output) => this.receive(served, message));
    call.on('end', () => this.close(served));
    call.on('cancelled', () => {
      this.streams.delete(served);
      for (const signal of served.working.values()) signal.abort();
      served.working.clear();
    });
    call.on('error', () => undefined); // a broken stream is 'cancelled' too
  };

  /**
   * Ends every stream once its calls are answered (the server is stopping). Calls that come
   * after are left unanswered: the client sends them again on a new stream, and so on a new
   * connection, as the server stopping has sent its GOAWAY.
   */
  closeAll(): void {
    for (const served of this.streams) this.close(served);
  }

  private close(served: ServedStream): void {
    served.closing = true;
    if (served.working.size === 0 && this.streams.delete(served)) served.call.end();
  }

  private receive(served: ServedStream, message: MuxCall__Output): void {
    const id = Number(message.id);
    if (message.kind === 'cancel') {
      served.working.get(id)?.abort();
      return;
    }
    if (served.closing || !message.start || served.working.has(id)) return;
    const signal = new LazySignal();
    served.working.set(id, signal);
    void this.outcome(message.start, signal).then((outcome) => {
      if (served.working.get(id) !== signal) return; // the stream was cancelled meanwhile
      served.working.delete(id);
      served.call.write({ id, ...this.encode(outcome) });
      if (served.closing) this.close(served);
    });
  }

  private outcome(start: MuxStart__Output, signal: LazySignal): Promise<CallOutcome> {
    let request: unknown;
    try {
      request = this.unary.requestDeserialize(start.request);
    } catch {
      return Promise.resolve({ error: { code: grpc.status.INVALID_ARGUMENT, details: 'The request could not be decoded.' } });
    }
    const call: CallContext = { caller: start.caller ? decodeCaller(this.secret, start.caller) : undefined, client: start.client, host: start.host };
    // A caller whose signature fails is no caller: the handler refuses it (UNAUTHORIZED), as for a unary call.
    return this.run(request, call, () => signal.signal);
  }

  private encode(outcome: CallOutcome): Pick<MuxAnswer, 'reply' | 'error'> {
    if ('reply' in outcome) return { reply: this.unary.responseSerialize(outcome.reply) };
    const details = outcome.error.metadata?.get(DETAILS_KEY)[0];
    return { error: { code: outcome.error.code, details: outcome.error.details ?? '', status_details: Buffer.isBuffer(details) ? details : Buffer.alloc(0) } };
  }
}

/** The same call sent as a unary call: for a server that does not serve the stream. */
export type UnaryFallback = (request: unknown, ctx: CallContext, deadlineMs: number, signal?: AbortSignal) => Promise<unknown>;

/** A call sent and not yet answered. */
interface PendingCall {
  readonly request: unknown;
  readonly ctx: CallContext;
  readonly deadlineMs: number;
  readonly signal?: AbortSignal;
  readonly start: MuxStart;
  /** How many times it was sent, and the stream it went on last. */
  sends: number;
  stream?: grpc.ClientDuplexStream<MuxCall, MuxAnswer__Output>;
  settle(err: ApiError | null, reply?: unknown): void;
}

/**
 * The client's side: one stream at a time (opened on the first call, again after one ends),
 * every call written on it under a new id.
 */
export class MultiplexedClient {
  private stream?: grpc.ClientDuplexStream<MuxCall, MuxAnswer__Output>;
  private readonly pending = new Map<number, PendingCall>();
  private lastId = 0;
  private closed = false;
  /** The server answered the stream UNIMPLEMENTED: calls go as unary calls from then on. */
  private unimplemented = false;

  constructor(
    private readonly service: string,
    private readonly unary: grpc.MethodDefinition<unknown, unknown>,
    private readonly secret: string,
    private readonly openStream: () => grpc.ClientDuplexStream<MuxCall, MuxAnswer__Output>,
    private readonly fallback: UnaryFallback,
  ) {}

  /** As RpcClient.call: `signal` cancels the call; past `deadlineMs` it fails with 503. */
  call<Res>(request: unknown, ctx: CallContext, deadlineMs: number, signal?: AbortSignal): Promise<Res> {
    if (this.closed || signal?.aborted) return Promise.reject(this.failure(grpc.status.CANCELLED, 'Call cancelled'));
    if (this.unimplemented) return this.fallback(request, ctx, deadlineMs, signal) as Promise<Res>;
    return new Promise<Res>((resolve, reject) => {
      const id = ++this.lastId;
      const giveUp = (code: grpc.status, details: string) => {
        // The server stops working on it; an answer that crosses this message is dropped.
        if (this.pending.has(id) && call.stream === this.stream) call.stream?.write({ id, cancel: true });
        call.settle(this.failure(code, details));
      };
      const timer = setTimeout(() => giveUp(grpc.status.DEADLINE_EXCEEDED, 'Deadline exceeded'), deadlineMs);
      const onAbort = () => giveUp(grpc.status.CANCELLED, 'Call cancelled');
      signal?.addEventListener('abort', onAbort, { once: true });
      const call: PendingCall = {
        request,
        ctx,
        deadlineMs,
        signal,
        start: {
          request: this.unary.requestSerialize(request),
          caller: ctx.caller ? encodeCaller(this.secret, ctx.caller) : '',
          client: ctx.client,
          host: ctx.host,
        },
        sends: 0,
        settle: (err, reply) => {
          if (!this.pending.delete(id)) return;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          if (err) reject(err);
          else resolve(reply as Res);
        },
      };
      this.pending.set(id, call);
      this.send(id, call);
    });
  }

  /** Fails the calls not yet answered and ends the stream. */
  close(): void {
    this.closed = true;
    this.stream?.cancel();
  }

  private send(id: number, call: PendingCall): void {
    call.sends++;
    call.stream = this.current();
    call.stream.write({ id, start: call.start });
  }

  private current(): grpc.ClientDuplexStream<MuxCall, MuxAnswer__Output> {
    if (this.stream) return this.stream;
    const stream = this.openStream();
    stream.on('data', (answer: MuxAnswer__Output) => this.answered(answer));
    stream.on('status', (status: grpc.StatusObject) => this.ended(stream, status));
    stream.on('error', () => undefined); // its status says it
    this.stream = stream;
    return stream;
  }

  private answered(answer: MuxAnswer__Output): void {
    const call = this.pending.get(Number(answer.id));
    if (!call) return;
    if (answer.result === 'error' && answer.error) {
      const { code, details, status_details: statusDetails } = answer.error;
      const metadata = new grpc.Metadata();
      if (statusDetails.length) metadata.set(DETAILS_KEY, statusDetails);
      call.settle(fromServiceError({ code, details, metadata } as grpc.ServiceError, this.service));
    } else {
      call.settle(null, this.unary.responseDeserialize(answer.reply ?? Buffer.alloc(0)));
    }
  }

  /** A stream ended (answered or not): its unanswered calls go on a new one, while they may. */
  private ended(stream: grpc.ClientDuplexStream<MuxCall, MuxAnswer__Output>, status: grpc.StatusObject): void {
    if (this.stream === stream) this.stream = undefined;
    if (status.code === grpc.status.UNIMPLEMENTED) this.unimplemented = true;
    for (const [id, call] of this.pending) {
      if (call.stream !== stream) continue;
      if (this.unimplemented && !this.closed) {
        this.fallback(call.request, call.ctx, call.deadlineMs, call.signal).then(
          (reply) => call.settle(null, reply),
          (err: ApiError) => call.settle(err),
        );
      } else if (!this.closed && call.sends < MAX_SENDS) this.send(id, call);
      else call.settle(this.failure(status.code === grpc.status.OK ? grpc.status.UNAVAILABLE : status.code, status.details));
    }
  }

  private failure(code: grpc.status, details: string): ApiError {
    return fromServiceError({ code, details, metadata: new grpc.Metadata() } as grpc.ServiceError, this.service);
  }
}
