// The rpc wrapper end to end: a real users gRPC server on port 0 and a real RpcClient.
import * as grpc from '@grpc/grpc-js';
import * as http2 from 'node:http2';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ApiError, UnauthorizedError } from '../errors';
import { createLogger } from '../logger';
import type { Caller } from '../roles';
import { CallContext, callMetadata, decodeCaller, encodeCaller, readCallContext } from './caller';
import { JsonReplyOf, parseJsonReply, RpcClient } from './client';
import { serviceDefinition } from './protos';
import { encodedJson, Handler, RpcServer, startRpcServer, toJsonReply } from './server';
import { fromServiceError, toServiceError } from './status';
import { rejection } from '../../../../test/support/rejection';

const SECRET = 's'.repeat(32);
const log = createLogger('test', 'silent');
const caller: Caller = { realm_id: 2, user_id: 11, role: 200, is_bot: false, email: 'iago@zulip.com' };
const ctx: CallContext = { caller, client: 'ZulipMobile', host: 'chat.example.com' };
const anonymous: CallContext = { client: 'curl', host: 'example.com' };

/** A handler for every users RPC: most answer {}, a few echo what they received or fail. */
function usersHandlers(): Record<string, Handler> {
  const handlers: Record<string, Handler> = {};
  for (const name of Object.keys(serviceDefinition('users'))) if (name !== 'Health') handlers[name] = async () => ({});
  return {
    ...handlers,
    Authenticate: async (_req, c) => ({ caller: c.caller }),
    GetOwnUser: async (_req, c) => ({ user_id: c.caller.user_id, email: c.caller.email, client: c.client, host: c.host, nothing: null }),
    GetServerSettings: async (_req, c) => ({ has_caller: c.maybeCaller !== undefined, client: c.client, host: c.host }),
    CreateUser: async () => {
      throw new ApiError('UNAUTHORIZED_PRINCIPAL', 'Not allowed for principal', 403, { principal: 'iago@zulip.com', ids: [1, 2] });
    },
    UpdateUser: async () => {
      throw new Error('connection to db lost: password=hunter2');
    },
    DeactivateUser: async () => undefined,
    // Messages that echo the client's input can be as long as the input.
    UpdatePresence: async (req: { status: string }) => {
      throw new ApiError('BAD_REQUEST', `Invalid status: ${req.status}`, 400, { echoed: req.status.slice(0, 50_000) });
    },
    ReactivateUser: async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432 password=hunter2'), { code: 'ECONNREFUSED' });
    },
    GetUser: async (req: { user_id: number; client_gravatar?: boolean }) => {
      if (req.user_id === 22021) throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
      return { user_id: req.user_id, client_gravatar: req.client_gravatar ?? 'unset' };
    },
    FetchApiKey: async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    },
  };
}

let server: RpcServer;
let client: RpcClient;

beforeAll(async () => {
  server = await startRpcServer({ service: 'users', handlers: usersHandlers(), addr: '127.0.0.1:0', secret: SECRET, log });
  client = new RpcClient('users', `127.0.0.1:${server.port}`, SECRET, 5000);
});

afterAll(async () => {
  client?.close();
  await server?.stop(1000);
});

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('startRpcServer', () => {
  it('binds port 0 to a real port', () => {
    expect(server.port).toBeGreaterThan(0);
  });

  it('refuses to start when an RPC has no handler, naming it', async () => {
    const { GetUser: _omitted, ...handlers } = usersHandlers();
    await expect(startRpcServer({ service: 'users', handlers, addr: '127.0.0.1:0', secret: SECRET, log })).rejects.toThrow('users: no handler for RPC GetUser');
  });

  it('answers Health by default', async () => {
    await expect(client.call('Health', {}, anonymous)).resolves.toEqual({ service: 'users', status: 'ok' });
  });
});

describe('JsonReply RPCs', () => {
  it("return the handler's object as JSON (UTF-8 bytes), nulls included", async () => {
    const reply = await client.call<JsonReplyOf>('GetOwnUser', {}, ctx);
    expect(Object.keys(reply).sort()).toEqual(['ignored_parameters_unsupported', 'json']);
    expect(Buffer.isBuffer(reply.json)).toBe(true);
    expect(parseJsonReply(reply)).toEqual({ user_id: 11, email: 'iago@zulip.com', client: 'ZulipMobile', host: 'chat.example.com', nothing: null });
  });

  it('return {} when the handler returns nothing', async () => {
    const reply = await client.call<JsonReplyOf>('DeactivateUser', { user_id: 3 }, ctx);
    expect([reply.json.toString(), reply.ignored_parameters_unsupported]).toEqual(['{}', []]);
    expect(parseJsonReply({ json: Buffer.alloc(0) })).toEqual({});
  });

  it('carry the parameters a handler found it does not support apart from its data', () => {
    expect(toJsonReply({ a: 1, ignored_parameters_unsupported: ['bogus'] })).toEqual({ json: Buffer.from('{"a":1}'), ignored_parameters_unsupported: ['bogus'] });
    expect(toJsonReply(undefined)).toEqual({ json: Buffer.from('{}'), ignored_parameters_unsupported: [] });
  });

  it('send a reply already encoded (text or bytes) as it is', async () => {
    const text = '{"b":2,"a":[1,{"c":null}],"é":"🎉"}';
    expect(toJsonReply(encodedJson(text))).toEqual({ json: Buffer.from(text), ignored_parameters_unsupported: [] });
    const bytes = Buffer.from(text);
    expect(toJsonReply(encodedJson(bytes)).json).toBe(bytes);
    const s = await startRpcServer({ service: 'users', handlers: { ...usersHandlers(), GetOwnUser: async () => encodedJson(text) }, addr: '127.0.0.1:0', secret: SECRET, log });
    const c = new RpcClient('users', `127.0.0.1:${s.port}`, SECRET);
    try {
      await expect(c.call('GetOwnUser', {}, ctx)).resolves.toEqual({ json: Buffer.from(text), ignored_parameters_unsupported: [] });
    } finally {
      c.close();
      await s.stop(1000);
    }
  });

  it('receive the request fields, int64 as numbers and unset optionals absent', async () => {
    const reply = await client.call<JsonReplyOf>('GetUser', { user_id: 4_000_000_000 }, ctx);
    expect(parseJsonReply(reply)).toEqual({ user_id: 4_000_000_000, client_gravatar: 'unset' });
    const withFlag = await client.call<JsonReplyOf>('GetUser', { user_id: 5, client_gravatar: false }, ctx);
    expect(parseJsonReply(withFlag)).toEqual({ user_id: 5, client_gravatar: false });
  });
});

describe('message RPCs', () => {
  it("return the handler's reply as the proto message", async () => {
    await expect(client.call('Authenticate', { email: 'iago@zulip.com', api_key: 'k' }, ctx)).resolves.toEqual({ caller });
  });
});

describe('errors', () => {
  it("deliver a handler's ApiError with its code, msg, HTTP status and extra fields", async () => {
    const err = await rejection(client.call('CreateUser', { email: 'a@b.c', password: 'p', full_name: 'A' }, ctx));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      message: 'Not allowed for principal',
      httpStatus: 403,
      extra: { principal: 'iago@zulip.com', ids: [1, 2] },
    });
  });

  it('arrive, bounded, however long the message (trailers have a size limit)', async () => {
    const status = 'x'.repeat(100_000);
    const err = (await rejection(client.call('UpdatePresence', { status }, ctx, 5000))) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.code, err.httpStatus]).toEqual(['BAD_REQUEST', 400]);
    expect(err.message).toBe(`Invalid status: ${'x'.repeat(1000 - 'Invalid status: '.length)}…`);
    expect(err.extra.echoed).toBe(`${'x'.repeat(1000)}…`);
  });

  it('turn text PostgreSQL cannot store (NUL) into BAD_REQUEST 400, not a 500', async () => {
    const err = await rejection(client.call('GetUser', { user_id: 22021 }, ctx));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Invalid input: text contains NULL (0x00) characters.' });
  });

  it('turn any other exception into INTERNAL_SERVER_ERROR, without its message', async () => {
    const err = await rejection(client.call('UpdateUser', { user_id: 1 }, ctx));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', httpStatus: 500, extra: {} });
    expect(JSON.stringify((err as ApiError).toBody())).not.toContain('hunter2');
  });

  it('turn a backing server out of reach (PostgreSQL, Redis) into SERVICE_UNAVAILABLE 503, without its message', async () => {
    for (const rpc of ['ReactivateUser', 'FetchApiKey']) {
      const err = await rejection(client.call(rpc, { user_id: 1 }, ctx));
      expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
      expect((err as ApiError).message).not.toContain('hunter2');
    }
  });

  it('reject an RPC the service does not have', async () => {
    await expect(client.call('NoSuchRpc', {}, ctx)).rejects.toThrow('users has no RPC NoSuchRpc');
  });
});

describe('the caller', () => {
  it('reaches the handler as ctx.caller, with client and host', async () => {
    const reply = await client.call<JsonReplyOf>('GetServerSettings', {}, ctx);
    expect(parseJsonReply(reply)).toEqual({ has_caller: true, client: 'ZulipMobile', host: 'chat.example.com' });
  });

  it('is absent without one, and reading ctx.caller then fails with UNAUTHORIZED 401', async () => {
    const reply = await client.call<JsonReplyOf>('GetServerSettings', {}, anonymous);
    expect(parseJsonReply(reply)).toEqual({ has_caller: false, client: 'curl', host: 'example.com' });
    await expect(client.call('GetOwnUser', {}, anonymous)).rejects.toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, message: 'API authentication or user session required' });
  });

  it('is dropped when signed with another secret', async () => {
    const forger = new RpcClient('users', `127.0.0.1:${server.port}`, 'f'.repeat(32), 5000);
    try {
      const reply = await forger.call<JsonReplyOf>('GetServerSettings', {}, ctx);
      expect(parseJsonReply(reply)).toEqual({ has_caller: false, client: 'ZulipMobile', host: 'chat.example.com' });
      await expect(forger.call('GetOwnUser', {}, ctx)).rejects.toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    } finally {
      forger.close();
    }
  });
});

describe('a connection at its maximum age', () => {
  it("loses no call, however large, to the server's GOAWAY: a refused call is sent again", async () => {
    // Connections a few dozen milliseconds old: many GOAWAYs while 1 MiB requests are on
    // their way (each arriving after one is refused unprocessed, REFUSED_STREAM).
    const aging = await startRpcServer({
      service: 'users',
      handlers: { ...usersHandlers(), UpdatePresence: async () => ({}) },
      addr: '127.0.0.1:0',
      secret: SECRET,
      log,
      maxConnectionAgeMs: 30,
    });
    const c = new RpcClient('users', `127.0.0.1:${aging.port}`, SECRET, 10_000);
    const large = { status: 'x'.repeat(1024 * 1024) };
    const failures: unknown[] = [];
    try {
      await Promise.all(
        [1, 2, 3, 4].map(async () => {
          for (let i = 0; i < 200; i++) await c.call('UpdatePresence', large, ctx).catch((err: unknown) => failures.push(err));
        }),
      );
      expect(failures).toEqual([]);
    } finally {
      c.close();
      await aging.stop(100);
    }
  }, 60_000);
});

describe('a call its server keeps refusing unprocessed (REFUSED_STREAM)', () => {
  /** A bare HTTP/2 server that refuses its first `refusals` streams, then answers each with an empty gRPC reply. */
  async function refusingServer(refusals: number) {
    const server = http2.createServer();
    let streams = 0;
    server.on('stream', (stream) => {
      streams++;
      stream.resume();
      stream.on('error', () => undefined); // the refusal below, reported on the server's side too
      if (streams <= refusals) return stream.close(http2.constants.NGHTTP2_REFUSED_STREAM);
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(Buffer.alloc(5)); // an uncompressed, empty message
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const c = new RpcClient('users', `127.0.0.1:${(server.address() as AddressInfo).port}`, SECRET, 5000);
    return {
      c,
      streams: () => streams,
      close: () => {
        c.close();
        server.close();
      },
    };
  }

  // grpc-js sends each call again once by itself; RpcClient makes up to three more calls.
  it('is sent again, up to seven times after the first', async () => {
    const s = await refusingServer(7);
    try {
      await expect(s.c.call('UpdatePresence', { status: 'active' }, ctx)).resolves.toMatchObject({ json: Buffer.alloc(0) });
      expect(s.streams()).toBe(8);
    } finally {
      s.close();
    }
  });

  it('then fails with SERVICE_UNAVAILABLE 503, not retried forever', async () => {
    const s = await refusingServer(Infinity);
    try {
      await expect(s.c.call('UpdatePresence', { status: 'active' }, ctx)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
      expect(s.streams()).toBe(8);
    } finally {
      s.close();
    }
  });
});

describe('an unreachable service', () => {
  it('rejects with SERVICE_UNAVAILABLE 503 within the deadline when the port is closed', async () => {
    const dead = new RpcClient('users', `127.0.0.1:${await freePort()}`, SECRET, 500);
    try {
      const started = Date.now();
      const err = await rejection(dead.call('Health', {}, anonymous));
      expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, message: 'Service unavailable: users. Please try again later.' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      dead.close();
    }
  });

  it('rejects with SERVICE_UNAVAILABLE 503 once its server stopped', async () => {
    const stopped = await startRpcServer({ service: 'users', handlers: usersHandlers(), addr: '127.0.0.1:0', secret: SECRET, log });
    const c = new RpcClient('users', `127.0.0.1:${stopped.port}`, SECRET, 500);
    try {
      await expect(c.call('Health', {}, anonymous)).resolves.toEqual({ service: 'users', status: 'ok' });
      await stopped.stop(100);
      const started = Date.now();
      await expect(c.call('Health', {}, anonymous)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      c.close();
    }
  });

  it('rejects with SERVICE_UNAVAILABLE when a handler outlives the deadline', async () => {
    const slow = await startRpcServer({
      service: 'users',
      handlers: { ...usersHandlers(), GetOwnUser: () => new Promise((resolve) => setTimeout(() => resolve({}), 1500)) },
      addr: '127.0.0.1:0',
      secret: SECRET,
      log,
    });
    const c = new RpcClient('users', `127.0.0.1:${slow.port}`, SECRET);
    try {
      await expect(c.call('GetOwnUser', {}, ctx, 300)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    } finally {
      c.close();
      await slow.stop(2000);
    }
  });
});

describe("the handler's signal", () => {
  /** A server whose GetOwnUser keeps its signal and answers when `answer` is called. */
  async function signalServer() {
    const seen: AbortSignal[] = [];
    let answer = () => undefined as void;
    const s = await startRpcServer({
      service: 'users',
      handlers: {
        ...usersHandlers(),
        GetOwnUser: (_req, c) =>
          new Promise((resolve) => {
            seen.push(c.signal);
            answer = () => resolve({});
          }),
      },
      addr: '127.0.0.1:0',
      secret: SECRET,
      log,
    });
    return { s, seen, answer: () => answer(), c: new RpcClient('users', `127.0.0.1:${s.port}`, SECRET) };
  }
  const ticks = async (n: number) => {
    for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
  };

  it('aborts when the client cancels the call while the handler works', async () => {
    const { s, seen, answer, c } = await signalServer();
    try {
      const gone = new AbortController();
      const call = rejection(c.call('GetOwnUser', {}, ctx, 5000, gone.signal));
      while (!seen.length) await ticks(1);
      gone.abort();
      await call;
      for (let i = 0; i < 100 && !seen[0].aborted; i++) await ticks(1);
      expect(seen[0].aborted).toBe(true);
      answer();
    } finally {
      c.close();
      await s.stop(1000);
    }
  });

  it('is aborted already for a handler that asks for it only after the client cancelled', async () => {
    let late!: (signal: () => AbortSignal) => void;
    const asked = new Promise<() => AbortSignal>((resolve) => (late = resolve));
    const s = await startRpcServer({
      service: 'users',
      handlers: { ...usersHandlers(), GetOwnUser: (_req, hc) => new Promise(() => late(() => hc.signal)) },
      addr: '127.0.0.1:0',
      secret: SECRET,
      log,
    });
    const c = new RpcClient('users', `127.0.0.1:${s.port}`, SECRET);
    try {
      const gone = new AbortController();
      const call = rejection(c.call('GetOwnUser', {}, ctx, 5000, gone.signal));
      const signalOf = await asked;
      gone.abort();
      await call;
      await ticks(50);
      expect(signalOf().aborted).toBe(true);
    } finally {
      c.close();
      await s.stop(100);
    }
  });

  it('stays unaborted once the call was answered (grpc-js reports every closed stream as cancelled)', async () => {
    const { s, seen, answer, c } = await signalServer();
    try {
      const call = c.call('GetOwnUser', {}, ctx);
      while (!seen.length) await ticks(1);
      answer();
      await call;
      await ticks(20);
      expect(seen[0].aborted).toBe(false);
    } finally {
      c.close();
      await s.stop(1000);
    }
  });
});

describe('caller metadata', () => {
  it('round-trips a caller signed with the same secret', () => {
    expect(decodeCaller(SECRET, encodeCaller(SECRET, caller))).toEqual(caller);
  });

  it('refuses a tampered body, a missing signature and another secret', () => {
    const value = encodeCaller(SECRET, caller);
    const [, sig] = value.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...caller, role: 100 })).toString('base64url')}.${sig}`;
    expect(decodeCaller(SECRET, forged)).toBeUndefined();
    expect(decodeCaller(SECRET, value.split('.')[0])).toBeUndefined();
    expect(decodeCaller('o'.repeat(32), value)).toBeUndefined();
  });

  it('remembers what it signed and checked, and still refuses what it did not', () => {
    const signed = encodeCaller(SECRET, caller);
    expect(encodeCaller(SECRET, caller)).toBe(signed);
    // Another secret signs (and checks) for itself.
    const other = 'p'.repeat(32);
    expect(encodeCaller(other, caller)).not.toBe(signed);
    expect(decodeCaller(SECRET, signed)).toEqual(caller);
    expect(decodeCaller(other, signed)).toBeUndefined();
    const [body, sig] = signed.split('.');
    expect(decodeCaller(SECRET, `${body}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    // A caller checked once is shared: it cannot be changed by whoever gets it.
    const shared = decodeCaller(SECRET, signed)!;
    expect(decodeCaller(SECRET, signed)).toBe(shared);
    expect(() => Object.assign(shared, { role: 100 })).toThrow(TypeError);
    // A new object with other fields is signed afresh.
    const promoted = { ...caller, role: 100 };
    expect(decodeCaller(SECRET, encodeCaller(SECRET, promoted))).toEqual(promoted);
  });

  it('carries client and host, and no caller key for an anonymous call', () => {
    const md = callMetadata(SECRET, anonymous);
    expect(md.get('parley-caller')).toEqual([]);
    expect(readCallContext(SECRET, md)).toEqual({ caller: undefined, client: 'curl', host: 'example.com' });
    expect(readCallContext(SECRET, callMetadata(SECRET, ctx))).toEqual(ctx);
  });
});

describe('status mapping', () => {
  it.each([
    [400, grpc.status.INVALID_ARGUMENT],
    [401, grpc.status.UNAUTHENTICATED],
    [403, grpc.status.PERMISSION_DENIED],
    [404, grpc.status.NOT_FOUND],
    [409, grpc.status.ALREADY_EXISTS],
    [413, grpc.status.FAILED_PRECONDITION],
    [429, grpc.status.RESOURCE_EXHAUSTED],
    [503, grpc.status.UNAVAILABLE],
    [500, grpc.status.INTERNAL],
    [502, grpc.status.INTERNAL],
    [405, grpc.status.INVALID_ARGUMENT],
  ])('maps HTTP %d to gRPC code %d and back to the same ApiError', (httpStatus, code) => {
    const err = new ApiError('BAD_REQUEST', 'msg', httpStatus, { k: 'v' });
    const se = toServiceError(err);
    expect(se.code).toBe(code);
    expect(fromServiceError(se as grpc.ServiceError, 'users')).toMatchObject({ code: 'BAD_REQUEST', message: 'msg', httpStatus, extra: { k: 'v' } });
  });

  it('maps a status without details by gRPC code: unavailable and deadline to 503, the rest to 500', () => {
    const bare = (code: grpc.status) => ({ code, details: 'x', metadata: new grpc.Metadata() }) as grpc.ServiceError;
    expect(fromServiceError(bare(grpc.status.UNAVAILABLE), 'channels')).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      httpStatus: 503,
      message: 'Service unavailable: channels. Please try again later.',
    });
    expect(fromServiceError(bare(grpc.status.DEADLINE_EXCEEDED), 'users')).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    expect(fromServiceError(bare(grpc.status.INVALID_ARGUMENT), 'users')).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 });
    expect(fromServiceError(bare(grpc.status.INTERNAL), 'users')).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 });
  });

  it("keeps UnauthorizedError's status through the round trip", () => {
    const se = toServiceError(new UnauthorizedError());
    expect(fromServiceError(se as grpc.ServiceError, 'users')).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
  });
});
