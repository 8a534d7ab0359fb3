import * as grpc from '@grpc/grpc-js';
import type { ServiceName } from '../config';
import { callMetadata, CallContext } from './caller';
import { serviceConstructor, serviceDefinition } from './protos';
import { fromServiceError } from './status';
import { MultiplexedClient, UnaryFallback } from './multiplexed';
import { remoteCall } from '../db/remote-rule';
import type { MuxAnswer__Output } from '../generated/parley/common/v1/MuxAnswer';
import type { MuxCall } from '../generated/parley/common/v1/MuxCall';

/** How many more calls RpcClient makes after one the server refused unprocessed (each gets grpc-js's own one resend). */
const MAX_REFUSED_RESENDS = 3;

/** REFUSED_STREAM: the server's HTTP/2 layer turned the call away before any handler saw it. */
const isRefused = (err: grpc.ServiceError): boolean => err.code === grpc.status.UNAVAILABLE && err.details === 'Stream refused by server';

/** A unary RPC's method on a grpc-js client, as its service's constructor makes it. */
type UnaryMethod<Res> = (request: unknown, metadata: grpc.Metadata, options: grpc.CallOptions, callback: (err: grpc.ServiceError | null, reply: Res) => void) => grpc.ClientUnaryCall;

/** The largest message a service sends or receives. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/**
 * A client of one service. `call` sends a unary RPC with a deadline and turns any failure
 * into the ApiError the end client should see (503 when the service is down or slow).
 */
export class RpcClient {
  private readonly client: grpc.Client;
  /** By bidirectional RPC: the unary RPC it carries and the client of its stream. */
  private readonly multiplexed = new Map<string, { method: string; client: MultiplexedClient }>();

  constructor(
    readonly service: ServiceName,
    addr: string,
    private readonly secret: string,
    private readonly deadlineMs = 10_000,
  ) {
    const Ctor = serviceConstructor(service);
    this.client = new Ctor(addr, grpc.credentials.createInsecure(), {
      // Reconnect quickly after a service restarts instead of backing off for minutes.
      'grpc.initial_reconnect_backoff_ms': 200,
      'grpc.max_reconnect_backoff_ms': 2000,
      'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
      // A call the server refused unprocessed (REFUSED_STREAM: it met the GOAWAY a server
      // sends when a connection reaches its maximum age) is sent again on a new connection,
      // but only while the request is still in the call's retry buffer: past 256 KiB by
      // default grpc-js commits the call and fails it with UNAVAILABLE instead. Every request
      // fits (the gateway's bodies are 10 MiB at most); the buffer holds the bytes being sent
      // anyway, until the reply's headers come.
      'grpc.per_rpc_retry_buffer_size': MAX_MESSAGE_BYTES,
      'grpc.retry_buffer_size': 2 * MAX_MESSAGE_BYTES,
      // Errors travel in trailers (status details): room for their extra fields.
      'grpc.max_metadata_size': 1024 * 1024,
      // Spread calls over every address the target resolves to (a headless Kubernetes
      // Service's pods, or `ipv4:a:p,b:q`), skipping replicas that are down.
      'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
    });
  }

  /** `signal` cancels the call (the server's handler sees its own signal abort). */
  call<Res = unknown>(method: string, request: unknown, ctx: CallContext, deadlineMs = this.deadlineMs, signal?: AbortSignal): Promise<Res> {
    // Never inside a transaction (rule 1); kept by its question in a withPrefetchedTransaction.
    return remoteCall(
      `${this.service}.${method}`,
      () => JSON.stringify([request, ctx]),
      () => this.send<Res>(method, request, ctx, deadlineMs, signal),
    );
  }

  private send<Res>(method: string, request: unknown, ctx: CallContext, deadlineMs: number, signal?: AbortSignal): Promise<Res> {
    const fn = (this.client as unknown as Record<string, UnaryMethod<Res> | undefined>)[method];
    if (typeof fn !== 'function') return Promise.reject(new Error(`${this.service} has no RPC ${method}`));
    const metadata = callMetadata(this.secret, ctx);
    const deadline = new Date(Date.now() + deadlineMs);
    return new Promise<Res>((resolve, reject) => {
      const attempt = (refusalsLeft: number) => {
        const call = fn.call(this.client, request, metadata, { deadline }, (err: grpc.ServiceError | null, reply: Res) => {
          if (!err) return resolve(reply);
          // grpc-js sends a refused call again once, transparently; a second refusal (the new
          // connection too reached its maximum age, as a busy client's may) is reported. The
          // server never ran it, so sending it again is safe whatever the RPC does.
          if (isRefused(err) && refusalsLeft > 0 && !signal?.aborted && Date.now() < deadline.getTime()) return attempt(refusalsLeft - 1);
          reject(fromServiceError(err, this.service));
        });
        signal?.addEventListener('abort', () => call.cancel(), { once: true });
      };
      attempt(MAX_REFUSED_RESENDS);
    });
  }

  /**
   * Sends a call of the unary RPC `method` on the bidirectional RPC `stream` that carries it
   * (multiplexed.ts: e.g. GetEvents on Poll), sharing one stream with every other such call.
   * For idempotent RPCs only: a call whose stream ends unanswered is sent again.
   */
  callMultiplexed<Res = unknown>(stream: string, method: string, request: unknown, ctx: CallContext, deadlineMs = this.deadlineMs, signal?: AbortSignal): Promise<Res> {
    let mux = this.multiplexed.get(stream);
    if (!mux) {
      const definition = serviceDefinition(this.service);
      if (!definition[method] || !definition[stream]?.requestStream) return Promise.reject(new Error(`${this.service} has no RPC ${method} multiplexed on ${stream}`));
      const open = (this.client as unknown as Record<string, () => grpc.ClientDuplexStream<MuxCall, MuxAnswer__Output>>)[stream].bind(this.client);
      // A server that does not serve the stream yet (an older replica, mid-upgrade) gets unary calls.
      const unary: UnaryFallback = (request, ctx, deadlineMs, signal) => this.call(method, request, ctx, deadlineMs, signal);
      mux = { method, client: new MultiplexedClient(this.service, definition[method], this.secret, open, unary) };
      this.multiplexed.set(stream, mux);
    }
    if (mux.method !== method) return Promise.reject(new Error(`${this.service}.${stream} carries ${mux.method}, not ${method}`));
    const client = mux.client;
    return remoteCall(
      `${this.service}.${method}`,
      () => undefined,
      () => client.call<Res>(request, ctx, deadlineMs, signal),
    );
  }

  close(): void {
    for (const mux of this.multiplexed.values()) mux.client.close();
    this.client.close();
  }
}

/** A JsonReply as another service receives it: its JSON, UTF-8 bytes. */
export interface JsonReplyOf {
  json: Buffer;
  ignored_parameters_unsupported?: string[];
}

/** The object a JsonReply RPC answered (for a service that calls another's gateway-facing RPC). */
export const parseJsonReply = <T>(reply: JsonReplyOf): T => JSON.parse(reply.json.length ? reply.json.toString('utf8') : '{}') as T;
