// Unary calls multiplexed on one stream, end to end: real events gRPC servers on port 0
// (GetEvents carried on Poll, as the events service serves them) and a real RpcClient.
import * as grpc from '@grpc/grpc-js';
import { ApiError } from '../errors';
import { createLogger } from '../logger';
import type { Caller } from '../roles';
import type { CallContext } from './caller';
import { JsonReplyOf, parseJsonReply, RpcClient } from './client';
import { serviceConstructor, serviceDefinition } from './protos';
import { Handler, HandlerContext, RpcServer, startRpcServer } from './server';
import { eventually } from '../../../../test/support/eventually';
import { rejection } from '../../../../test/support/rejection';

const SECRET = 's'.repeat(32);
const log = createLogger('test', 'silent');
const caller: Caller = { realm_id: 2, user_id: 11, role: 400, is_bot: false, email: 'hamlet@zulip.com' };
const ctx: CallContext = { caller, client: 'ZulipMobile', host: 'chat.example.com' };

interface Poll {
  req: { queue_id: string; last_event_id?: number; dont_block?: boolean };
  ctx: HandlerContext;
  answer(reply: unknown): void;
  fail(err: unknown): void;
}

/**
 * An events server whose GetEvents calls wait in `polls` until the test answers them
 * (queue "now" answers at once with what it was sent and who sent it).
 */
async function pollServer(opts: { name?: string } = {}) {
  const polls: Poll[] = [];
  const getEvents: Handler = (req: Poll['req'], c) => {
    if (req.queue_id === 'now') {
      return Promise.resolve({ server: opts.name ?? null, req, user_id: c.maybeCaller?.user_id ?? null, client: c.client, host: c.host });
    }
    return new Promise((answer, fail) => polls.push({ req, ctx: c, answer, fail }));
  };
  const server = await startRpcServer({
    service: 'events',
    handlers: { Register: async () => ({}), DeleteQueue: async () => ({}), GetEvents: getEvents },
    addr: '127.0.0.1:0',
    secret: SECRET,
    log,
    multiplexed: { Poll: 'GetEvents' },
  });
  return { server, polls };
}

const poll = (client: RpcClient, req: Poll['req'], opts: { ctx?: CallContext; deadlineMs?: number; signal?: AbortSignal } = {}) =>
  client.callMultiplexed<JsonReplyOf>('Poll', 'GetEvents', req, opts.ctx ?? ctx, opts.deadlineMs ?? 5000, opts.signal).then((r) => parseJsonReply<Record<string, unknown>>(r));

describe('calls multiplexed on one stream', () => {
  let s: { server: RpcServer; polls: Poll[] };
  let client: RpcClient;
  let opened: jest.SpyInstance;

  beforeEach(async () => {
    s = await pollServer();
    client = new RpcClient('events', `127.0.0.1:${s.server.port}`, SECRET);
    opened = jest.spyOn(serviceConstructor('events').prototype as { Poll(): unknown }, 'Poll');
  });

  afterEach(async () => {
    opened.mockRestore();
    client.close();
    await s.server.stop(200);
  });

  it('carries the request, the signed caller, the client and the Host, as a unary call does', async () => {
    const req = { queue_id: 'now', last_event_id: 7, dont_block: true };
    const unary = parseJsonReply(await client.call<JsonReplyOf>('GetEvents', req, ctx));
    expect(await poll(client, req)).toEqual(unary);
    expect(unary).toMatchObject({ server: null, req, user_id: 11, client: 'ZulipMobile', host: 'chat.example.com' });
    // Absent optional fields arrive absent, not as their defaults.
    const bare = (await poll(client, { queue_id: 'now' })).req as Poll['req'];
    expect([bare.queue_id, bare.last_event_id, bare.dont_block]).toEqual(['now', undefined, undefined]);
  });

  it('answers each call by its id, in the order the handlers finish, all on one stream', async () => {
    const calls = [1, 2, 3, 4, 5].map((n) => poll(client, { queue_id: `q${n}`, last_event_id: n }));
    await eventually(async () => expect(s.polls).toHaveLength(5));
    for (const p of [...s.polls].reverse()) p.answer({ queue_id: p.req.queue_id, events: [{ id: p.req.last_event_id }] });
    expect(await Promise.all(calls)).toEqual([1, 2, 3, 4, 5].map((n) => ({ queue_id: `q${n}`, events: [{ id: n }] })));
    expect(await poll(client, { queue_id: 'now' })).toMatchObject({ user_id: 11 });
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("turns a handler's error into the same ApiError a unary call gets", async () => {
    const refusal = new ApiError('BAD_EVENT_QUEUE_ID', 'Bad event queue ID: q1', 400, { queue_id: 'q1' });
    const call = rejection(poll(client, { queue_id: 'q1' }));
    const crash = rejection(poll(client, { queue_id: 'q2' }));
    const down = rejection(poll(client, { queue_id: 'q3' }));
    await eventually(async () => expect(s.polls).toHaveLength(3));
    s.polls[0].fail(refusal);
    s.polls[1].fail(new Error('secret internals'));
    s.polls[2].fail(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }));
    expect(await call).toMatchObject({ code: 'BAD_EVENT_QUEUE_ID', message: 'Bad event queue ID: q1', httpStatus: 400, extra: { queue_id: 'q1' } });
    expect(await crash).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error', httpStatus: 500 });
    expect(await down).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, message: 'Service unavailable: events. Please try again later.' });
  });

  it('refuses a caller signed with another secret (UNAUTHORIZED) and passes none for an anonymous call', async () => {
    const forger = new RpcClient('events', `127.0.0.1:${s.server.port}`, 'f'.repeat(32));
    try {
      expect(await poll(forger, { queue_id: 'now' })).toMatchObject({ user_id: null });
      const call = rejection(poll(forger, { queue_id: 'q' }));
      await eventually(async () => expect(s.polls).toHaveLength(1));
      expect(() => s.polls[0].ctx.caller).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
      s.polls[0].fail(new ApiError('UNAUTHORIZED', 'Not logged in: API authentication or user session required', 401));
      expect(await call).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
      expect(await poll(client, { queue_id: 'now' }, { ctx: { client: 'curl', host: 'h' } })).toMatchObject({ user_id: null, client: 'curl', host: 'h' });
    } finally {
      forger.close();
    }
  });

  it("aborts the handler's signal when the caller gives up, and the others go on", async () => {
    const gone = new AbortController();
    const call = rejection(poll(client, { queue_id: 'q1' }, { signal: gone.signal }));
    const other = poll(client, { queue_id: 'q2' });
    await eventually(async () => expect(s.polls).toHaveLength(2));
    const [mine, theirs] = s.polls;
    gone.abort();
    expect(await call).toBeInstanceOf(ApiError);
    await eventually(async () => expect(mine.ctx.signal.aborted).toBe(true));
    expect(theirs.ctx.signal.aborted).toBe(false);
    // An answer crossing the cancel is dropped; the other call is answered.
    mine.answer({ late: true });
    theirs.answer({ events: [] });
    expect(await other).toEqual({ events: [] });
    await expect(poll(client, { queue_id: 'q3' }, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(ApiError);
  });

  it('fails a call past its deadline with SERVICE_UNAVAILABLE and aborts its handler', async () => {
    const err = await rejection(poll(client, { queue_id: 'q1' }, { deadlineMs: 200 }));
    expect(err).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    await eventually(async () => expect(s.polls[0]?.ctx.signal.aborted).toBe(true));
  });

  it('fails the waiting calls when the client closes', async () => {
    const call = rejection(poll(client, { queue_id: 'q1' }));
    await eventually(async () => expect(s.polls).toHaveLength(1));
    client.close();
    expect(await call).toBeInstanceOf(ApiError);
    await eventually(async () => expect(s.polls[0].ctx.signal.aborted).toBe(true));
    await expect(poll(client, { queue_id: 'now' })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('a stream that ends before answering', () => {
  it('is answered on stopping: the calls at work first, then the stream ends', async () => {
    const s = await pollServer();
    const client = new RpcClient('events', `127.0.0.1:${s.server.port}`, SECRET);
    try {
      const call = poll(client, { queue_id: 'q1' });
      await eventually(async () => expect(s.polls).toHaveLength(1));
      // A grace longer than the test may take: a stream left open would hold the stop that long.
      const stopped = s.server.stop(60_000);
      // The events service answers its waiting polls as it stops (QueueManager.drain).
      s.polls[0].answer({ events: [{ type: 'heartbeat', id: 0 }] });
      expect(await call).toEqual({ events: [{ type: 'heartbeat', id: 0 }] });
      await stopped;
      // Nothing serves now: sent MAX_SENDS times, then 503, without waiting for the deadline.
      const started = Date.now();
      await expect(poll(client, { queue_id: 'now' }, { deadlineMs: 10_000 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      client.close();
    }
  });

  it('sends its unanswered calls again on a new stream, to a replica still up', async () => {
    const a = await pollServer({ name: 'a' });
    const b = await pollServer({ name: 'b' });
    // Both replicas behind one name, calls spread over them (round robin).
    const client = new RpcClient('events', `ipv4:127.0.0.1:${a.server.port},127.0.0.1:${b.server.port}`, SECRET);
    try {
      // The stream goes to one of them; find which.
      const first = (await poll(client, { queue_id: 'now' })).server as string;
      const [on, other] = first === 'a' ? [a, b] : [b, a];
      const call = poll(client, { queue_id: 'q1', last_event_id: 3 });
      await eventually(async () => expect(on.polls).toHaveLength(1));
      // That replica dies with the call at work (its handler never answers).
      await on.server.stop(50);
      await eventually(async () => expect(other.polls).toHaveLength(1));
      expect(other.polls[0].req).toMatchObject({ queue_id: 'q1', last_event_id: 3 });
      other.polls[0].answer({ events: [], from: 'the other' });
      expect(await call).toEqual({ events: [], from: 'the other' });
      expect(on.polls[0].ctx.signal.aborted).toBe(true);
    } finally {
      client.close();
      await Promise.all([a.server.stop(50), b.server.stop(50)]);
    }
  });
});

describe('a server that does not serve the stream (an older replica, mid-upgrade)', () => {
  it('gets the calls as unary calls, those sent on the stream and those after', async () => {
    const definition = serviceDefinition('events');
    const older = new grpc.Server();
    older.addService(
      { GetEvents: definition.GetEvents },
      {
        GetEvents: (call: grpc.ServerUnaryCall<{ queue_id: string }, unknown>, callback: grpc.sendUnaryData<unknown>) =>
          callback(null, { json: Buffer.from(JSON.stringify({ unary: call.request.queue_id })) }),
      },
    );
    const port = await new Promise<number>((resolve, reject) => older.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
    const client = new RpcClient('events', `127.0.0.1:${port}`, SECRET);
    const opened = jest.spyOn(serviceConstructor('events').prototype as { Poll(): unknown }, 'Poll');
    try {
      expect(await Promise.all([poll(client, { queue_id: 'q1' }), poll(client, { queue_id: 'q2' })])).toEqual([{ unary: 'q1' }, { unary: 'q2' }]);
      expect(await poll(client, { queue_id: 'q3' })).toEqual({ unary: 'q3' });
      expect(opened).toHaveBeenCalledTimes(1);
    } finally {
      opened.mockRestore();
      client.close();
      older.forceShutdown();
    }
  });
});

describe('startRpcServer with a bidirectional RPC', () => {
  it('refuses to start unless it is told which unary RPC the stream carries', async () => {
    const handlers = { Register: async () => ({}), DeleteQueue: async () => ({}), GetEvents: async () => ({}) };
    await expect(startRpcServer({ service: 'events', handlers, addr: '127.0.0.1:0', secret: SECRET, log })).rejects.toThrow(/Poll must name the unary RPC/);
    await expect(startRpcServer({ service: 'events', handlers, addr: '127.0.0.1:0', secret: SECRET, log, multiplexed: { Poll: 'Nothing' } })).rejects.toThrow(/Poll must name/);
  });

  it('refuses a client call on what is not a stream, or on a stream another RPC uses', async () => {
    const client = new RpcClient('events', '127.0.0.1:1', SECRET);
    try {
      await expect(client.callMultiplexed('GetEvents', 'GetEvents', {}, ctx)).rejects.toThrow('events has no RPC GetEvents multiplexed on GetEvents');
      await expect(client.callMultiplexed('Poll', 'Nothing', {}, ctx)).rejects.toThrow('events has no RPC Nothing multiplexed on Poll');
      // The first call pairs the stream with its RPC; nothing answers here.
      await expect(client.callMultiplexed('Poll', 'GetEvents', { queue_id: 'x' }, ctx, 100)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await expect(client.callMultiplexed('Poll', 'Register', {}, ctx)).rejects.toThrow('events.Poll carries GetEvents, not Register');
    } finally {
      client.close();
    }
  });
});
