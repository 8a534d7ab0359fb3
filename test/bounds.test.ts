import http from 'node:http';
import { connect, Socket } from 'node:net';
import { basicAuth, baseUrl } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { OwnParley, startOwnParley } from './support/own-parley';

/**
 * The bounds on one client (issue 27, item 4), over HTTP: parameters per request, the query
 * string's size, one long poll per queue, queues per user, channels per subscription request
 * (on the run's Parley, with the defaults), and a body's deadline and connections per address
 * (on a Parley of this file's own with small bounds, so nothing here waits 30 s or holds the
 * shared gateway's connections). Every refusal is the JSON envelope.
 */
jest.setTimeout(120_000);

type Json = Record<string, any>;
let realm: TestRealm;
let own: OwnParley;
const BODY_TIMEOUT_MS = 500;
const CONNECTIONS = 20;

beforeAll(async () => {
  [realm, own] = await Promise.all([createTestRealm('Bounds realm'), startOwnParley('bounds', { REQUEST_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS), MAX_CONNECTIONS_PER_IP: String(CONNECTIONS) })]);
});
afterAll(async () => {
  await own?.stop();
  await closeFixtures();
});

/** A request as given (no contract check: refusals here have no documented schema), its body parsed as JSON. */
function request(method: string, url: string, user?: TestUser, body?: string): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    // A realm's users are accepted only on its host.
    const headers: Record<string, string> = user ? { authorization: basicAuth(user), ...(user.host && { host: user.host }) } : {};
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) });
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          reject(new Error(`${method} ${url.slice(0, 80)}: ${res.statusCode} with a body that is not JSON: ${text.slice(0, 100)}`));
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const api = (path: string) => `${baseUrl()}/api/v1${path}`;
const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
const refusal = (status: number, code: string, msg: string | RegExp) => ({ status, body: { result: 'error', code, msg: typeof msg === 'string' ? msg : expect.stringMatching(msg) } });

describe('parameters per request', () => {
  const params = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&');

  it("takes 1,000 (Zulip's DATA_UPLOAD_MAX_NUMBER_FIELDS) and echoes the unknown ones", async () => {
    const res = await request('GET', api(`/users/me?${params(1000)}`), realm.member);
    expect(res.status).toBe(200);
    expect(res.body.ignored_parameters_unsupported).toHaveLength(1000);
  });

  it('leaves unknown names past 100 characters out of ignored_parameters_unsupported, so the reply stays small', async () => {
    // 990 unknown names of 9 KB each (an 8.9 MB body) were echoed back whole: an 8.9 MB reply.
    const long = Array.from({ length: 990 }, (_, i) => `${String(i).padStart(4, '0')}${'x'.repeat(9000)}=1`);
    const short = ['a'.repeat(100), 'short'];
    const res = await request('POST', api('/messages/render'), realm.member, ['content=hello', ...long, ...short.map((k) => `${k}=1`)].join('&'));
    expect([res.status, res.body.rendered, res.body.ignored_parameters_unsupported]).toEqual([200, '<p>hello</p>', short]);
    expect(JSON.stringify(res.body).length).toBeLessThan(1000);
  });

  it('refuses 1,001 with 400 BAD_REQUEST, in the query string or the body', async () => {
    const tooMany = refusal(400, 'BAD_REQUEST', 'Too many parameters: a request may carry at most 1000');
    expect(await request('GET', api(`/users/me?${params(1001)}`), realm.member)).toEqual(tooMany);
    expect(await request('POST', api('/messages/render'), realm.member, `content=x&${params(1000)}`)).toEqual(tooMany);
  });
});

describe('the request line', () => {
  it("takes 5,000 message IDs in the query string (65 KB, past Node's 16 KiB)", async () => {
    const ids = encodeURIComponent(JSON.stringify(Array.from({ length: 5000 }, (_, i) => 1_000_000_000 + i)));
    const url = api(`/messages?message_ids=${ids}&apply_markdown=false`);
    expect(url.length).toBeGreaterThan(60_000);
    const res = await request('GET', url, realm.member);
    expect([res.status, res.body.result, res.body.messages]).toEqual([200, 'success', []]);
  });

  it('answers one past the header limit with a JSON 431, not an empty body', async () => {
    const res = await request('GET', api(`/users/me?q=${'a'.repeat(200_000)}`), realm.member);
    expect(res).toEqual(refusal(431, 'BAD_REQUEST', 'Request line and headers too large (limit 98304 bytes)'));
  });
});

describe('long polls and queues', () => {
  const register = async (user: TestUser) => (await request('POST', api('/register'), user, form({ event_types: '["message"]', fetch_event_types: '[]' }))).body.queue_id as string;
  const poll = (user: TestUser, queueId: string, dontBlock = false) => request('GET', api(`/events?queue_id=${queueId}&last_event_id=-1${dontBlock ? '&dont_block=true' : ''}`), user);

  it('answers a waiting poll at once with no events when a second poll comes for its queue', async () => {
    const user = await realm.addUser({ name: 'Two polls' });
    const queueId = await register(user);
    const first = poll(user, queueId);
    await new Promise((r) => setTimeout(r, 300)); // the first poll is waiting
    const second = poll(user, queueId);
    expect(await first).toEqual({ status: 200, body: { result: 'success', msg: '', events: [], queue_id: queueId } });
    // Deleting the queue ends the second.
    expect((await request('DELETE', api('/events'), user, form({ queue_id: queueId }))).status).toBe(200);
    expect(await second).toMatchObject(refusal(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`));
  });

  it('keeps 50 queues per user: the 51st expires the least recently polled', async () => {
    const user = await realm.addUser({ name: 'Many queues' });
    const queues: string[] = [];
    for (let i = 0; i < 50; i++) queues.push(await register(user));
    // Every queue but the first is polled since: the first is the least recently polled.
    for (const q of queues.slice(1)) expect((await poll(user, q, true)).status).toBe(200);
    const newest = await register(user);
    expect(await poll(user, queues[0], true)).toMatchObject(refusal(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queues[0]}`));
    for (const q of [queues[1], queues[49], newest]) expect((await poll(user, q, true)).status).toBe(200);
  });
});

describe('channels per subscription request', () => {
  const names = (n: number, prefix: string) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}` })));

  it('refuses 1,001 with 400 BAD_REQUEST before creating any, to join or to leave', async () => {
    expect(await request('POST', api('/users/me/subscriptions'), realm.owner, form({ subscriptions: names(1001, 'bulk') }))).toEqual(
      refusal(400, 'BAD_REQUEST', 'subscriptions has 1001 entries; at most 1000 per request'),
    );
    const created = (await request('GET', api('/streams'), realm.owner)).body.streams as { name: string }[];
    expect(created.filter((s) => s.name.startsWith('bulk '))).toEqual([]);
    const leave = JSON.stringify(Array.from({ length: 1001 }, (_, i) => `bulk ${i}`));
    expect(await request('DELETE', api('/users/me/subscriptions'), realm.owner, form({ subscriptions: leave }))).toEqual(
      refusal(400, 'BAD_REQUEST', 'subscriptions has 1001 entries; at most 1000 per request'),
    );
  });
});

describe('with small bounds (a Parley of its own)', () => {
  const ownPort = () => Number(new URL(own.url).port);

  /** Sends a request head and part of its body from `localAddress`, then nothing; resolves with what came back once the socket closes. */
  function stalled(localAddress = '127.0.0.1'): Promise<{ text: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect({ port: ownPort(), host: '127.0.0.1', localAddress });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => (text += c));
      socket.on('error', reject);
      socket.on('close', () => resolve({ text, ms: Date.now() - started }));
      socket.write('POST /api/v1/fetch_api_key HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 100\r\n\r\nusername=');
    });
  }
  const envelopeOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

  it('answers a body that stops arriving with a JSON 408 within its deadline, and closes the connection', async () => {
    const { text, ms } = await stalled();
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelopeOf(text)).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Request body not received within ${BODY_TIMEOUT_MS / 1000} seconds` });
    expect(ms).toBeLessThan(10_000);
  });

  it('refuses connections past the per-address limit with a JSON 429, then takes them again', async () => {
    // From 127.0.0.2 (loopback too), so that no other request of this run counts against it.
    const held: Socket[] = [];
    try {
      for (let i = 0; i < CONNECTIONS; i++) {
        held.push(
          await new Promise<Socket>((resolve, reject) => {
            const s = connect({ port: ownPort(), host: '127.0.0.1', localAddress: '127.0.0.2' }, () => resolve(s));
            s.on('error', reject);
          }),
        );
      }
      await new Promise((r) => setTimeout(r, 200));
      const refused = await stalled('127.0.0.2');
      expect(refused.text).toMatch(/^HTTP\/1\.1 429 /);
      expect(envelopeOf(refused.text)).toEqual({
        result: 'error',
        code: 'RATE_LIMIT_HIT',
        msg: `Too many connections from your address (limit ${CONNECTIONS})`,
        'retry-after': 1,
      });
      held.pop()!.destroy();
      await new Promise((r) => setTimeout(r, 200));
      expect((await stalled('127.0.0.2')).text).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      for (const s of held) s.destroy();
    }
  });
});
