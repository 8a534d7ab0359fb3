import { Api, ApiResponse } from './support/api';
import { manageJson } from './support/cli';
import { Cluster, describeDistributed, startCluster } from './support/cluster';
import { eventually } from './support/eventually';
import { startS3Server, S3Server } from './support/s3-server';
import { multipart } from './support/uploads';
import { waitFor } from './support/processes';

/**
 * Parley as it runs at scale, on this machine: gateway ×2, users, channels, messages ×2,
 * uploads (S3 on the test's S3-compatible server), events ×2, each a process of its own on
 * the machine's PostgreSQL, NATS and Redis, every process dialling every replica (gRPC round
 * robin, as behind a Kubernetes Service). A client drives a day's work through both gateways
 * — realm from the CLI, a user, a channel, sends, an edit, flags, an upload, a scheduled
 * message, a long-polled event queue — while one messages and one events replica are
 * killed (SIGKILL) mid-way. The client retries what failed, as Zulip clients do (sends with
 * an Idempotency-Key, polls from its last event ID); in the end nothing is lost and nothing
 * is there twice.
 */
jest.setTimeout(180_000);

type Json = Record<string, any>;

describeDistributed('distributed-scenario.test.ts')('a day on a replicated Parley', () => {
  let cluster: Cluster;
  let s3: S3Server;
  let owner: { email: string; api_key: string; user_id: number };
  let member: { email: string; api_key: string; user_id: number };

  beforeAll(async () => {
    s3 = await startS3Server({ multipartListing: true });
    const s3Env = { S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey };
    cluster = await startCluster({
      gateways: 2,
      replicas: { messages: 2, events: 2 },
      balanced: true,
      envFor: (name) => ({
        ...(name === 'uploads' ? s3Env : {}),
        ...(name.startsWith('messages') ? { SCHEDULED_DELIVERY_INTERVAL_MS: '300' } : {}),
      }),
    });
    owner = await manageJson(['create-realm', '--name', 'Scale Org', '--owner-email', 'owner@scale.test', '--owner-name', 'Scale Owner'], { env: cluster.env });
  });
  afterAll(async () => {
    await cluster?.stop();
    await s3?.stop();
  });

  /** Each call goes to the next gateway; a 503 (a replica died under it) is retried, as clients do. */
  let turn = 0;
  async function call(creds: { email: string; api_key: string }, method: 'get' | 'post' | 'patch', path: string, params: Json = {}, headers: Record<string, string> = {}): Promise<ApiResponse> {
    for (let attempt = 0; ; attempt++) {
      const api = new Api(creds, cluster.gatewayUrls[turn++ % cluster.gatewayUrls.length]);
      const res = await api[method](path, params, { headers });
      if (res.status !== 503 || attempt >= 20) return res;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const ok = (res: ApiResponse) => {
    expect([res.status, res.body.msg]).toEqual([200, '']);
    return res.body;
  };

  it('loses nothing and doubles nothing while a messages and an events replica die', async () => {
    // A member, through the second gateway.
    const created = ok(await call(owner, 'post', '/users', { email: 'member@scale.test', password: 'member-pw', full_name: 'Scale Member' }));
    const key = await new Api(undefined, cluster.gatewayUrls[1]).post('/fetch_api_key', { username: 'member@scale.test', password: 'member-pw' });
    member = { email: 'member@scale.test', api_key: key.body.api_key, user_id: created.user_id };
    // The member's event queue, before anything is sent to them: the Notification Bot's
    // "subscribed you" below is posted by the messages service when the channels service's
    // event reaches it, which may be before a register made after the subscription returned.
    const queue = ok(await call(member, 'post', '/register', { event_types: JSON.stringify(['message', 'update_message', 'update_message_flags']) }));
    // A channel for both.
    ok(await call(owner, 'post', '/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: 'ops' }]), principals: JSON.stringify([owner.user_id, member.user_id]) }));
    const streamId = ok(await call(owner, 'get', '/get_stream_id', { stream: 'ops' })).stream_id as number;

    // 20 sends, alternating gateways; at the 8th, a messages replica and an events replica die.
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      if (i === 8) {
        expect(await cluster.procs.get('messages-1')!.stop('SIGKILL')).toBe('SIGKILL');
        expect(await cluster.procs.get('events-1')!.stop('SIGKILL')).toBe('SIGKILL');
      }
      const sent = ok(await call(owner, 'post', '/messages', { type: 'stream', to: streamId, topic: 'day', content: `m${i}` }, { 'idempotency-key': `scale-${i}` }));
      ids.push(sent.id);
    }
    expect(new Set(ids).size).toBe(20);

    // An edit, flags, an upload linked from a message, a scheduled message.
    ok(await call(owner, 'patch', `/messages/${ids[0]}`, { content: 'm0 (edited)' }));
    ok(await call(member, 'post', '/messages/flags', { messages: JSON.stringify(ids.slice(0, 5)), op: 'add', flag: 'read' }));
    const { body, type } = multipart([{ filename: 'plan.txt', type: 'text/plain', content: 'the plan' }]);
    const uploaded = await fetch(`${cluster.gatewayUrls[0]}/api/v1/user_uploads`, {
      method: 'POST',
      body,
      headers: { 'content-type': type, authorization: `Basic ${Buffer.from(`${owner.email}:${owner.api_key}`).toString('base64')}` },
    });
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const linking = ok(await call(owner, 'post', '/messages', { type: 'stream', to: streamId, topic: 'day', content: `[plan](${url})` }, { 'idempotency-key': 'scale-upload' })).id;
    const file = await fetch(`${cluster.gatewayUrls[1]}${url}`, {
      redirect: 'manual',
      headers: { authorization: `Basic ${Buffer.from(`${member.email}:${member.api_key}`).toString('base64')}` },
    });
    expect(file.status).toBe(302); // S3: a presigned URL, which serves the bytes
    expect(await (await fetch(file.headers.get('location')!)).text()).toBe('the plan');
    ok(
      await call(owner, 'post', '/scheduled_messages', {
        type: 'stream',
        to: streamId,
        topic: 'day',
        content: 'scheduled hello',
        scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 2,
      }),
    );

    // The channel holds each message once, the scheduled one delivered once (two replicas deliver).
    let contents: string[] = [];
    await eventually(async () => {
      const res = ok(await call(member, 'get', '/messages', { anchor: 'oldest', num_before: 0, num_after: 100, narrow: JSON.stringify([{ operator: 'channel', operand: streamId }]) }));
      contents = res.messages.map((m: Json) => m.content as string);
      expect(contents.filter((c) => c.includes('scheduled hello'))).toHaveLength(1);
    }, 30_000);
    expect(contents).toHaveLength(22);
    expect(contents.filter((c) => /^<p>m\d+/.test(c))).toHaveLength(20);
    expect(new Set(contents).size).toBe(22);

    // The member's queue, polled across both gateways from the last event seen, has every event once.
    const events: Json[] = [];
    let last = -1;
    await eventually(async () => {
      const res = await call(member, 'get', '/events', { queue_id: queue.queue_id, last_event_id: last, dont_block: true });
      expect(res.status).toBe(200);
      for (const e of res.body.events as Json[]) if (e.id > last) events.push(e);
      last = Math.max(last, ...events.map((e) => e.id as number));
      // The channel's 22, and the Notification Bot's "subscribed you" to the member.
      expect(events.filter((e) => e.type === 'message' && e.message.type === 'stream')).toHaveLength(22);
      expect(events.some((e) => e.type === 'update_message' && e.message_id === ids[0])).toBe(true);
      expect(events.some((e) => e.type === 'update_message_flags' && e.op === 'add')).toBe(true);
    }, 40_000);
    const messageIds = events.filter((e) => e.type === 'message').map((e) => e.message.id as number);
    expect(messageIds).toHaveLength(23);
    expect(new Set(messageIds).size).toBe(23);
    expect(messageIds).toEqual(expect.arrayContaining([...ids, linking]));
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i)); // consecutive: nothing lost, nothing twice
  });

  it('answers open long polls when a gateway or an events replica shuts down (SIGTERM), and exits 0', async () => {
    const queue = ok(await new Api(owner, cluster.gatewayUrls[1]).post('/register', { event_types: JSON.stringify(['message']) }));
    const pollVia = (i: number) => new Api(owner, cluster.gatewayUrls[i]).get('/events', { queue_id: queue.queue_id, last_event_id: -1 });
    const settle = () => new Promise((r) => setTimeout(r, 1000)); // let the poll reach the events service and wait there

    // A gateway going away answers its poll with no events; the client polls again elsewhere.
    const throughGateway = pollVia(1);
    await settle();
    const gatewayExit = cluster.procs.get('gateway-2')!.stop('SIGTERM');
    const empty = await throughGateway;
    expect([empty.status, empty.body.events]).toEqual([200, []]);
    expect(await gatewayExit).toBe(0);

    // The events replica going away answers with a heartbeat (the last one alive: events-1 died above).
    const throughEvents = pollVia(0);
    await settle();
    const eventsExit = cluster.procs.get('events-2')!.stop('SIGTERM');
    const heartbeat = await throughEvents;
    expect([heartbeat.status, heartbeat.body.events.map((e: Json) => e.type)]).toEqual([200, ['heartbeat']]);
    expect(await eventsExit).toBe(0);
  });

  it('answers a long poll whose events replica is killed while it waits: the gateway sends it again to the other', async () => {
    // The gateway's long polls share one stream to one events replica (docs/adr/0012). Both
    // are down now (above): start events-1 alone, so that the stream opened next goes to it.
    const upAgain = async (name: string) => {
      cluster.start(name);
      await waitFor(cluster.healthUrl(name), [cluster.procs.get(name)!]);
      // The gateway reconnects to a replica that came back within its backoff (2 s at most).
      await new Promise((r) => setTimeout(r, 4000));
    };
    await upAgain('events-1');
    const api = new Api(owner, cluster.gatewayUrls[0]);
    const queue = ok(await api.post('/register', { event_types: JSON.stringify(['message']) }));
    const waiting = api.get('/events', { queue_id: queue.queue_id, last_event_id: -1 });
    waiting.catch(() => undefined); // awaited below; if an expectation fails first, the cluster's end cuts it
    await new Promise((r) => setTimeout(r, 1000)); // the poll waits on events-1
    await upAgain('events-2');
    // events-1 dies with the poll at work: its stream breaks, and the poll goes to events-2.
    expect(await cluster.procs.get('events-1')!.stop('SIGKILL')).toBe('SIGKILL');
    // Through the same gateway: gateway-2 stopped above.
    const sent = ok(await api.post('/messages', { type: 'direct', to: JSON.stringify([owner.user_id]), content: 'after the kill' }));
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: Json) => [e.type, e.message?.id])).toEqual([['message', sent.id]]);
  });
});
