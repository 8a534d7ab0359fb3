import { serviceDefinition } from './protos';
import { bindClient, fakeClients, serviceClient } from './service-clients';

const ctx = { client: 'test', host: 'chat.example.com' };

describe('serviceClient', () => {
  it('has a method for every unary RPC of the service, named in lower camel case, and none for a stream', () => {
    const call = jest.fn();
    const events = serviceClient('events', { call });
    expect(Object.keys(events).sort()).toEqual(['deleteQueue', 'getEvents', 'health', 'register', 'transport']);
    const users = serviceClient('users', { call });
    const unary = Object.entries(serviceDefinition('users'))
      .filter(([, d]) => !d.requestStream && !d.responseStream)
      .map(([name]) => name);
    expect(unary.length).toBeGreaterThan(50);
    for (const rpc of unary) expect(typeof (users as unknown as Record<string, unknown>)[rpc[0].toLowerCase() + rpc.slice(1)]).toBe('function');
  });

  it('calls the RPC by its proto name with the request, the context, the deadline and the signal', async () => {
    const call = jest.fn(async () => ({ settings: '{}' }));
    const users = serviceClient('users', { call: call as never });
    const signal = new AbortController().signal;
    await expect(users.getRealmPolicy({ realm_id: 2 }, ctx, { deadlineMs: 500, signal })).resolves.toEqual({ settings: '{}' });
    expect(call).toHaveBeenCalledWith('GetRealmPolicy', { realm_id: 2 }, ctx, 500, signal);
    await users.health({}, ctx);
    expect(call).toHaveBeenLastCalledWith('Health', {}, ctx, undefined, undefined);
  });

  it('passes a refusal through unchanged', async () => {
    const refusal = Object.assign(new Error('Invalid user'), { code: 'BAD_REQUEST' });
    const users = serviceClient('users', {
      call: async () => {
        throw refusal;
      },
    });
    await expect(users.resolveUsers({ realm_id: 2, principals: ['x'] }, ctx)).rejects.toBe(refusal);
  });
});

describe('bindClient', () => {
  it('calls with the bound context, and keeps per-call options', async () => {
    const fake = jest.fn(async () => ({ json: Buffer.from('{}') }));
    const uploads = bindClient(fakeClients({ uploads: fake }).uploads, ctx);
    await uploads.getRealmEmoji({});
    expect(fake).toHaveBeenCalledWith('GetRealmEmoji', {}, ctx);
    expect(Object.keys(uploads)).not.toContain('transport');
  });

  it('binds each view to its own context, and a method keeps it when passed on alone', async () => {
    const fake = jest.fn(async () => ({ found: false }));
    const channels = fakeClients({ channels: fake }).channels;
    const other = { client: 'other', host: 'elsewhere.example.com' };
    const first = bindClient(channels, ctx);
    const second = bindClient(channels, other);
    const { getAccess } = first;
    await getAccess({ stream_id: 1 });
    await second.getAccess({ stream_id: 2 }, { deadlineMs: 100 });
    await first.getAccess({ stream_id: 3 });
    expect(fake.mock.calls).toEqual([
      ['GetAccess', { stream_id: 1 }, ctx],
      ['GetAccess', { stream_id: 2 }, other],
      ['GetAccess', { stream_id: 3 }, ctx],
    ]);
    expect(first.getAccess).toBe(getAccess);
  });
});

describe('fakeClients', () => {
  it('gives only the services it has fakes for', () => {
    const clients = fakeClients({ users: async () => ({}) });
    expect(clients.users.getRealmPolicy).toBeInstanceOf(Function);
    expect(clients.channels).toBeUndefined();
  });
});
