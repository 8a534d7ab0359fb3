import * as grpc from '@grpc/grpc-js';
import type { Logger } from '../logger';
import type { ServiceName } from '../config';
import { BadRequestError, isApiError, ServiceUnavailableError, UnauthorizedError } from '../errors';
import type { Caller } from '../roles';
import { CallContext, readCallContext } from './caller';
import { MAX_MESSAGE_BYTES } from './client';
import { CallOutcome, LazySignal, MultiplexedServer, RunCall } from './multiplexed';
import { isJsonReply, serviceDefinition } from './protos';
import { toServiceError } from './status';
import { runWithWriteDeadline } from '../write-deadline';

export interface HandlerContext {
  /** The authenticated caller; reading it on an unauthenticated call throws UNAUTHORIZED. */
  readonly caller: Caller;
  readonly maybeCaller: Caller | undefined;
  readonly client: string;
  readonly host: string;
  /** On password logins only (the gateway's): the User-Agent and the client's address. */
  readonly device?: { user_agent: string; remote_addr: string };
  readonly log: Logger;
  /** Aborted when the client cancels the call (e.g. an HTTP client gave up on a long poll). */
  readonly signal: AbortSignal;
}

/** One RPC: decode request → domain → reply. JsonReply RPCs return the plain response object. */
/** `Res` defaults to unknown: a gateway-facing handler must name its reply (RouteHandlers, api/route-rpcs.ts). */
export type Handler<Req = any, Res = unknown> = (req: Req, ctx: HandlerContext) => Promise<Res>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a handler table holds handlers of every request type

export interface RpcServer {
  port: number;
  stop(graceMs?: number): Promise<void>;
}

function makeContext(call: CallContext, log: Logger, signal: () => AbortSignal): HandlerContext {
  return {
    get signal() {
      return signal();
    },
    get caller() {
      if (!call.caller) throw new UnauthorizedError();
      return call.caller;
    },
    maybeCaller: call.caller,
    client: call.client,
    host: call.host,
    device: call.device,
    log,
  };
}

/**
 * Connection failures: refused, reset or closed sockets, PostgreSQL shutting down or not yet up,
 * or out of connection slots (53300, as when every pool reconnects at once after a restart).
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006']);

/** PostgreSQL's "invalid byte sequence" (22021) and "untranslatable character" (22P05). */
export function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  // ioredis gives up a command after its retries; pg's pool times out while connecting; a pg
  // client whose connection broke mid-transaction refuses the transaction's next query.
  if (e.name === 'MaxRetriesPerRequestError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection is closed|Connection terminated|timeout exceeded when trying to connect|and is not queryable/i.test(message);
}

const ENCODED = Symbol.for('parley.encodedJson');

/**
 * A JsonReply RPC's answer already encoded as JSON (an object's; text or UTF-8 bytes), sent
 * as it is: for a handler that splices other services' JSON answers instead of parsing and
 * encoding them again. `T` is the object it encodes, so route types still check the handler.
 */
export interface EncodedJson<T> {
  readonly [ENCODED]: true;
  readonly json: string | Buffer;
  /** Never set: keeps T in the type. */
  readonly of?: T;
}

export function encodedJson<T>(json: string | Buffer): EncodedJson<T> {
  return { [ENCODED]: true, json };
}

const isEncodedJson = (reply: unknown): reply is EncodedJson<unknown> => typeof reply === 'object' && reply !== null && (reply as Record<symbol, unknown>)[ENCODED] === true;

/**
 * A JSON reply: the handler's object as UTF-8 JSON, except `ignored_parameters_unsupported`,
 * which travels apart so that the gateway merges it with the parameters it ignored itself.
 */
export function toJsonReply(reply: unknown): { json: Buffer; ignored_parameters_unsupported: string[] } {
  if (isEncodedJson(reply)) return { json: typeof reply.json === 'string' ? Buffer.from(reply.json) : reply.json, ignored_parameters_unsupported: [] };
  const { ignored_parameters_unsupported: ignored, ...data } = (reply ?? {}) as { ignored_parameters_unsupported?: string[] };
  return { json: Buffer.from(JSON.stringify(data)), ignored_parameters_unsupported: ignored ?? [] };
}

/** One RPC's handler run for a call: its reply or its error, as the call's status carries it. */
function runner(service: ServiceName, name: string, handler: Handler, jsonReply: boolean, log: Logger): RunCall {
  return (request, call, signal) =>
    runWithWriteDeadline(call.writeBy, () => handler(request, makeContext(call, log, signal))).then(
      (reply): CallOutcome => ({ reply: jsonReply ? toJsonReply(reply) : reply }),
      (err: unknown): CallOutcome => {
        if (isApiError(err)) return { error: toServiceError(err) };
        // Text PostgreSQL cannot store (a NUL escaped inside a JSON parameter, which no
        // check of the service's caught): the client's input, not a bug of ours.
        if (isUnstorableText(err)) return { error: toServiceError(new BadRequestError('Invalid input: text contains NULL (0x00) characters.')) };
        // A backing server (PostgreSQL, Redis) out of reach is a 503 the client may retry,
        // not a bug; anything else never leaks: "Internal server error", the rest to the log.
        if (isUnavailable(err)) {
          log.warn({ err, rpc: name }, 'rpc failed: a backing server is unavailable');
          return { error: toServiceError(new ServiceUnavailableError(service)) };
        }
        log.error({ err, rpc: name }, 'rpc failed');
        return { error: { code: grpc.status.INTERNAL, details: 'Internal server error' } };
      },
    );
}

function unaryCall(run: RunCall, secret: string): grpc.handleUnaryCall<unknown, unknown> {
  return (call, callback) => {
    // grpc-js reports every call's stream closing as 'cancelled', answered or not: only a
    // call still at work is aborted.
    let answered = false;
    const signal = new LazySignal();
    call.on('cancelled', () => answered || signal.abort());
    void run(call.request, readCallContext(secret, call.metadata), () => signal.signal).then((outcome) => {
      answered = true;
      if ('reply' in outcome) callback(null, outcome.reply);
      else callback(outcome.error);
    });
  };
}

/**
 * Serves one service's RPCs. Every RPC of the proto needs a handler, except Health, which
 * defaults to "ok"; a missing one fails at start-up, not at the first call.
 */
export async function startRpcServer(opts: {
  service: ServiceName;
  handlers: Record<string, Handler>;
  addr: string;
  secret: string;
  log: Logger;
  /** How long a client's connection lives before the server asks it to reconnect (5 minutes). */
  maxConnectionAgeMs?: number;
  /**
   * The bidirectional RPCs that carry calls of a unary one (multiplexed.ts), by name: e.g.
   * { Poll: 'GetEvents' }. The unary RPC is served on its own too.
   */
  multiplexed?: Record<string, string>;
}): Promise<RpcServer> {
  const definition = serviceDefinition(opts.service);
  const handlers: Record<string, Handler> = {
    Health: async () => ({ service: opts.service, status: 'ok' }),
    ...opts.handlers,
  };
  const impl: grpc.UntypedServiceImplementation = {};
  const runs = new Map<string, RunCall>();
  for (const [name, method] of Object.entries(definition)) {
    if (method.requestStream || method.responseStream) continue;
    const handler = handlers[name];
    if (!handler) throw new Error(`${opts.service}: no handler for RPC ${name}`);
    const run = runner(opts.service, name, handler, isJsonReply(method), opts.log);
    runs.set(name, run);
    impl[name] = unaryCall(run, opts.secret);
  }
  const muxes: MultiplexedServer[] = [];
  for (const [name, method] of Object.entries(definition)) {
    if (!method.requestStream && !method.responseStream) continue;
    const unary = opts.multiplexed?.[name];
    const run = unary === undefined ? undefined : runs.get(unary);
    if (!run) throw new Error(`${opts.service}: ${name} must name the unary RPC it carries (multiplexed)`);
    const mux = new MultiplexedServer(definition[unary!], opts.secret, run);
    muxes.push(mux);
    impl[name] = mux.handle;
  }
  const server = new grpc.Server({
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_metadata_size': 1024 * 1024,
    // Clients reconnect every few minutes and resolve the name again, so replicas added by
    // scaling start getting calls (behind a headless Service, DNS names every pod). A call
    // that meets the GOAWAY is refused unprocessed, and the client sends it again (client.ts).
    'grpc.max_connection_age_ms': opts.maxConnectionAgeMs ?? 5 * 60_000,
    'grpc.max_connection_age_grace_ms': 2 * 60_000,
  });
  server.addService(definition, impl);
  const port = await new Promise<number>((resolve, reject) => server.bindAsync(opts.addr, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  return {
    port,
    stop: (graceMs = 5000) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.forceShutdown(), graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
        // After the GOAWAY (above), so that what clients send again goes elsewhere.
        for (const mux of muxes) mux.closeAll();
      }),
  };
}
