import type { MethodDefinition } from '@grpc/proto-loader';
import type { ServiceName } from '../config';
import type { CallContext } from './caller';
import { RpcClient } from './client';
import { serviceDefinition } from './protos';
import type { ChannelsDefinition } from '../generated/parley/channels/v1/Channels';
import type { MuxCall__Output } from '../generated/parley/common/v1/MuxCall';
import type { EventsDefinition } from '../generated/parley/events/v1/Events';
import type { MessagesDefinition } from '../generated/parley/messages/v1/Messages';
import type { UploadsDefinition } from '../generated/parley/uploads/v1/Uploads';
import type { UsersDefinition } from '../generated/parley/users/v1/Users';

/** Each service's definition, as proto-loader-gen-types wrote it from protos/ (npm run gen:types). */
interface Definitions {
  users: UsersDefinition;
  channels: ChannelsDefinition;
  messages: MessagesDefinition;
  uploads: UploadsDefinition;
  events: EventsDefinition;
}

export interface CallOptions {
  /** The call's deadline, from now (the client's default otherwise). */
  deadlineMs?: number;
  /** Cancels the call: the server's handler sees its own signal abort. */
  signal?: AbortSignal;
}

/** One RPC as a method: the request as the proto types it, the reply as the loader decodes it. */
type Method<Def> =
  // A bidirectional stream that carries multiplexed calls (MuxCall) is no method of its own.
  Def extends MethodDefinition<infer Req, any, infer ReqOut, infer Reply> // eslint-disable-line @typescript-eslint/no-explicit-any -- the reply as sent is not wanted
    ? [ReqOut, MuxCall__Output] extends [MuxCall__Output, ReqOut]
      ? never
      : (request: Req, ctx: CallContext, options?: CallOptions) => Promise<Reply>
    : never;

/** Every unary RPC of a service definition, named in lower camel case (GetRealmPolicy → getRealmPolicy). */
export type ServiceMethods<D> = {
  // A definition also has grpc's index signature (string): only its named RPCs are methods.
  [K in keyof D as K extends string ? (string extends K ? never : Method<D[K]> extends never ? never : Uncapitalize<K>) : never]: Method<D[K]>;
};

/**
 * A client of one service: a method per RPC, typed from the protos, so a call site names no
 * RPC by a string and the compiler checks its request and its use of the reply. `transport`
 * is the RpcClient the methods call through: the gateway's dispatch of a route to the RPC the
 * route table names is the one caller that uses it directly.
 */
export type ServiceClient<S extends ServiceName> = ServiceMethods<Definitions[S]> & { readonly transport: RpcClient };

/** A client of every service, as each service's deps hold them. */
export type RpcClients = { [S in ServiceName]: ServiceClient<S> };

/** Where a client keeps the prototype of its bound views (bindClient). */
const BOUND_METHODS = Symbol('bound methods');
/** Where a bound view keeps its context. */
const CONTEXT = Symbol('context');

/** The lower-camel-case name of an RPC. */
const methodName = (rpc: string): string => rpc[0].toLowerCase() + rpc.slice(1);

/**
 * The typed client of `service` over `transport`: one method per unary RPC of its definition.
 * `transport` is an RpcClient; a unit test may pass any object with its `call` (fakeClients).
 */
export function serviceClient<S extends ServiceName>(service: S, transport: Pick<RpcClient, 'call'>): ServiceClient<S> {
  const client: Record<string, unknown> = { transport };
  // What bindClient's views inherit: a getter per method that binds it on first use.
  const boundMethods: Record<string, unknown> = {};
  for (const [rpc, definition] of Object.entries(serviceDefinition(service))) {
    if (definition.requestStream || definition.responseStream) continue;
    const name = methodName(rpc);
    client[name] = (request: unknown, ctx: CallContext, options: CallOptions = {}) => transport.call(rpc, request, ctx, options.deadlineMs, options.signal);
    Object.defineProperty(boundMethods, name, {
      get(this: { readonly [CONTEXT]: CallContext }) {
        const ctx = this[CONTEXT];
        const method = (request: unknown, options: CallOptions = {}) => transport.call(rpc, request, ctx, options.deadlineMs, options.signal);
        Object.defineProperty(this, name, { value: method });
        return method;
      },
    });
  }
  Object.defineProperty(client, BOUND_METHODS, { value: boundMethods });
  return client as ServiceClient<S>;
}

export function createClients(addrs: Record<ServiceName, string>, secret: string, deadlineMs?: number): RpcClients {
  const out: Partial<Record<ServiceName, unknown>> = {};
  for (const [name, addr] of Object.entries(addrs) as [ServiceName, string][]) {
    out[name] = connect(name, addr, secret, deadlineMs);
  }
  return out as RpcClients;
}

/** Closes every client's connection. */
export function closeClients(clients: Partial<RpcClients>): void {
  for (const client of Object.values(clients)) client?.transport.close();
}

/** What a unit test's fake of a service answers: any RPC by its proto name. */
export type FakeRpc = (method: string, request: any, ctx: CallContext) => Promise<unknown>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a fake reads whichever request it is sent

/**
 * Clients whose calls go to fakes (a unit test's stand-ins for other services), through the
 * same typed methods the services use: a call the fake does not expect is the fake's to refuse.
 * A service without a fake has no client: calling it fails the test.
 */
export function fakeClients(fakes: Partial<Record<ServiceName, FakeRpc>>): RpcClients {
  const out: Partial<Record<ServiceName, unknown>> = {};
  for (const [name, fake] of Object.entries(fakes) as [ServiceName, FakeRpc][]) {
    out[name] = serviceClient(name, { call: <Res>(method: string, request: unknown, ctx: CallContext) => fake(method, request, ctx) as Promise<Res> });
  }
  return out as RpcClients;
}

/** A service's methods with one context bound: what a request's helpers pass around. */
export type BoundClient<S extends ServiceName> = {
  [K in keyof ServiceMethods<Definitions[S]>]: ServiceMethods<Definitions[S]>[K] extends (request: infer Req, ctx: CallContext, options?: CallOptions) => infer Reply
    ? (request: Req, options?: CallOptions) => Reply
    : never;
};

/** `client`'s methods, each called with `ctx`. */
export function bindClient<S extends ServiceName>(client: ServiceClient<S>, ctx: CallContext): BoundClient<S> {
  // One object per binding (a request's Peers make one per service they ask); a method becomes
  // a closure only when first used, so binding costs nothing for the RPCs a request never calls.
  const methods = (client as unknown as { [BOUND_METHODS]: object })[BOUND_METHODS];
  return Object.create(methods, { [CONTEXT]: { value: ctx } }) as BoundClient<S>;
}

/** A typed client of one service at `addr` (a test's, or a tool's, own connection). */
export function connect<S extends ServiceName>(service: S, addr: string, secret: string, deadlineMs?: number): ServiceClient<S> {
  return serviceClient(service, new RpcClient(service, addr, secret, deadlineMs));
}
