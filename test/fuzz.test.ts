import http from 'node:http';
import fc from 'fast-check';
import { routes, type Route } from '@parley/common/api';
import { parseDecl, type ParamType } from '../gateway/src/params';
import { baseUrl, basicAuth } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { answer, bodyCases, callAs, Case, idRoutes, Json, Kind, KINDS_OF_PARAM, makeObjects, moveCase, Objects, pathCases, pathParams, routeKey, SPECIAL_ROUTES, unique } from './support/id-routes';
import { ok } from './support/responses';

/**
 * Property-based fuzzing of every route of the gateway's route table, as a real member of a
 * realm of its own: random and malformed parameters (wrong types, null bytes, invalid UTF-8,
 * deep JSON, huge and odd integers, duplicate and unknown keys, odd path segments) and one
 * ≥ 1 MiB value per route. Whatever comes in, the answer comes within the client timeout, is
 * never a 5xx or a 429, and is a Zulip envelope.
 */
const RUNS_PER_ROUTE = 10;
const TIMEOUT_MS = 10_000;
const MIB = 1024 * 1024;

let realm: TestRealm;
/** One object of every kind in the realm, for the calls with IDs at the edges of the integers. */
let objects: Objects;
let inputs = 0;
/** Real object IDs by path/body parameter name, so some inputs get past "not found". */
const known: Record<string, number[]> = {};
/** Real users' emails, for `email` parameters. */
const knownEmails: string[] = [];

type Value = string | Buffer;
type Encoding = 'query' | 'form' | 'multipart' | 'json-body';
interface Input {
  path: string;
  pairs: [string, Value][];
  encoding: Encoding;
  raw: boolean;
  headers: Record<string, string>;
}

beforeAll(async () => {
  realm = await createTestRealm('Fuzz realm');
  await setUpObjects();
  objects = await makeObjects(realm);
  // The realm takes reports, so a report is refused for the message, not for the realm.
  const moderation = ok(await realm.owner.api.post('/channels/create', { name: unique('Moderation'), subscribers: [realm.owner.user_id], invite_only: true })).id as number;
  ok(await realm.owner.api.patch('/realm', { moderation_request_channel_id: moderation }, { contract: 'envelope' }));
}, 120_000);
afterAll(async () => {
  console.log(`fuzz: ${inputs} inputs over ${selected.length} routes`);
  await closeFixtures();
});

/** Best effort: whatever fails here only makes the known IDs fewer. */
async function setUpObjects(): Promise<void> {
  const { owner, member, other } = realm;
  const add = (name: string, id: unknown) => {
    if (typeof id === 'number') (known[name] ??= []).push(id);
  };
  add('user_id', other.user_id);
  add('user_id', owner.user_id);
  knownEmails.push(other.email, owner.email);
  await member.api.post('/users/me/subscriptions', { subscriptions: [{ name: 'fuzz' }] }, { contract: 'envelope' });
  const streamId = (await member.api.get('/get_stream_id', { stream: 'fuzz' }, { contract: 'envelope' })).body.stream_id;
  add('stream_id', streamId);
  const sent = await member.api.post('/messages', { type: 'stream', to: 'fuzz', topic: 'fuzz', content: 'hello' }, { contract: 'envelope' });
  add('message_id', sent.body.id);
  const drafts = await member.api.post('/drafts', { drafts: [{ type: 'stream', to: [streamId], topic: 'd', content: 'c', timestamp: 1 }] }, { contract: 'envelope' });
  add('draft_id', drafts.body.ids?.[0]);
  add('saved_snippet_id', (await member.api.post('/saved_snippets', { title: 't', content: 'c' }, { contract: 'envelope' })).body.saved_snippet_id);
  const scheduled = await member.api.post(
    '/scheduled_messages',
    {
      type: 'stream',
      to: streamId,
      topic: 's',
      content: 'c',
      scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 86_400,
    },
    { contract: 'envelope' },
  );
  add('scheduled_message_id', scheduled.body.scheduled_message_id);
  add('user_group_id', (await member.api.post('/user_groups/create', { name: 'fuzzers', description: 'd', members: [member.user_id] }, { contract: 'envelope' })).body.group_id);
  add('channel_folder_id', (await owner.api.post('/channel_folders/create', { name: 'fuzz folder' }, { contract: 'envelope' })).body.channel_folder_id);
  add('filter_id', (await owner.api.post('/realm/filters', { pattern: '#(?P<id>[0-9]+)', url_template: 'https://example.test/{id}' }, { contract: 'envelope' })).body.id);
  add('field_id', (await owner.api.post('/realm/profile_fields', { name: 'Fuzz', field_type: 1 }, { contract: 'envelope' })).body.id);
}

// ---- values ---------------------------------------------------------------------------

const ODD_INTS = [
  '9007199254740992',
  '9007199254740991',
  '-9007199254740993',
  '1e308',
  '-1e308',
  '-0',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '999999999999999',
  '9999999999999999',
  '99999999999999999999',
  '0x10',
  ' 7 ',
  '1.5',
  '00000000000000001',
  '',
  '+1',
  '1_000',
  '٣',
];
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFFFF',
  '\u202E',
  '𝕏',
  '<script>alert(1)</script>',
  '%',
  '%FF',
  '%00',
  '\\',
  '"',
  "'",
  '[',
  '{',
  'null',
  'true',
  '[]',
  '{}',
  '-1',
  '__proto__',
  'constructor',
  '\r\n',
  '*',
  '..',
  '../../etc/passwd',
];
const ODD_JSON = [
  '{',
  '[1,',
  "{'a':1}",
  'NaN',
  '1e999',
  '"\\ud800"',
  '{"__proto__":{"polluted":1}}',
  '{"a":1,"a":2}',
  '[{"operator":"stream","operand":"fuzz","operator":1}]',
  '[{"operator":"search","operand":"\\u0000"}]',
  '[{"operator":"id","operand":9007199254740993}]',
  '[{"operator":"near","operand":-1}]',
  '[["stream","fuzz"]]',
  '[{"name":"x","color":"#fff","description":null}]',
  '{"new":1e308}',
  '{"new":{"direct_members":[-0],"direct_subgroups":[1.5]}}',
  '[{"stream_id":9007199254740992,"property":"color","value":"#000"}]',
  '"\u0000"',
  '[null]',
  '{"":{}}',
];
/** Hints for string parameters whose meaning is a small vocabulary, to reach past the first check. */
const HINTS: Record<string, string[]> = {
  type: ['stream', 'channel', 'direct', 'private'],
  op: ['add', 'remove', 'start', 'stop'],
  flag: ['read', 'starred', 'mentioned'],
  anchor: ['newest', 'oldest', 'first_unread', '1', '-1', '9007199254740993'],
  to: ['fuzz', '[]', '[1]', '["fuzz"]'],
  propagate_mode: ['change_one', 'change_all', 'change_later'],
  status: ['active', 'idle'],
  include_subscribers: ['true', 'false', 'partial'],
  message_retention_days: ['unlimited', 'realm_default', '-1', '0', '9007199254740993'],
  topics_policy: ['inherit', 'allow_empty_topic'],
  report_type: ['spam', 'harassment', 'other'],
  realm_id_str: ['1', '0', 'x'],
  filename: ['a/b.txt', '../x', '%2e%2e/x'],
};

const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

const codeUnitString = fc.string({ maxLength: 40, unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
const anyString = fc.oneof(fc.string({ maxLength: 40 }), codeUnitString, fc.constantFrom(...ODD_STRINGS));
/** Invalid UTF-8 and other raw bytes. */
const rawBytes = fc.oneof(
  fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b)),
  fc.constantFrom(Buffer.from([0xff]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf4, 0x90, 0x80, 0x80]), Buffer.from([0x31, 0x00])),
);
const knownId = (name: string) => fc.constantFrom(...(known[name] ?? Object.values(known).flat()), 1);
const anyInt = (name: string) => fc.oneof(knownId(name).map(String), fc.integer().map(String), fc.constantFrom(...ODD_INTS), fc.double().map(String));
const json = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(...ODD_JSON),
  fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT),
  fc.array(fc.dictionary(fc.constantFrom('name', 'stream_id', 'operator', 'operand', 'new', 'old', 'id', 'to', 'type'), fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 }).map((v) => JSON.stringify(v)),
);
const intList = (name: string) =>
  fc.oneof(
    fc.array(fc.oneof(knownId(name), fc.integer(), fc.double()), { maxLength: 5 }).map((v) => JSON.stringify(v)),
    fc.constantFrom('[9007199254740992]', '[1e308]', '[-0]', '[1.5]', '[null]', '[[1]]', '["1"]', '{}', '[]', '1', DEEP_ARRAY),
  );

function typed(name: string, type: ParamType): fc.Arbitrary<Value> {
  switch (type) {
    case 'int':
      return anyInt(name);
    case 'bool':
      return fc.constantFrom('true', 'false', '1', '0', 'True', 'null', '"true"', 'yes', '', '[true]');
    case 'string':
      return HINTS[name] ? fc.oneof(fc.constantFrom(...HINTS[name]), anyString) : anyString;
    case 'email':
      return fc.oneof(fc.constantFrom(...knownEmails), anyString);
    case 'json':
    case 'object':
      return json;
    case 'int[]':
      return intList(name.replace(/s$/, '_id'));
    case 'string[]':
      return fc.oneof(
        fc.array(anyString, { maxLength: 4 }).map((v) => JSON.stringify(v)),
        fc.constantFrom('[1]', '"a"', '[null]', DEEP_ARRAY),
      );
  }
}
/** Mostly the declared type, sometimes anything at all (a wrong type). */
const valueFor = (name: string, type: ParamType): fc.Arbitrary<Value> =>
  fc.oneof({ arbitrary: typed(name, type), weight: 4 }, { arbitrary: fc.oneof(anyInt(name), anyString, json, intList(name)), weight: 1 }, { arbitrary: rawBytes, weight: 1 });

// ---- requests -------------------------------------------------------------------------

const pathParamsOf = (route: Route) => [...route.path.matchAll(/:(\w+)\*?/g)].map((m) => m[1]);

function pathSegment(name: string, type: ParamType): fc.Arbitrary<string> {
  const odd = fc.constantFrom('abc', '%FF', '%00', '-1', '0', '1e3', '0x10', '00001', '2147483647', '2147483648', '9007199254740992', '9007199254740993', '%2e%2e', '1%2F2', '9'.repeat(5000));
  if (type === 'email') {
    // Addresses that reach the route (an @ in the segment) but name no one, or oddly.
    const oddEmail = fc.constantFrom('@', 'a@', '@b', 'a@b@c', '%40', 'x%40y', 'x@%00', 'x@%FF', `${'x'.repeat(5000)}@example.test`, '%20user1@x%20', 'USER1@X', 'user9007199254740993@x');
    return fc.oneof({ arbitrary: fc.constantFrom(...knownEmails).map(encodeURIComponent), weight: 3 }, { arbitrary: oddEmail, weight: 2 }, { arbitrary: odd, weight: 1 });
  }
  const valid = type === 'int' ? knownId(name).map(String) : fc.constantFrom(...(HINTS[name] ?? ['x']));
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: fc.nat().map(String), weight: 1 }, { arbitrary: odd, weight: 2 });
}

function inputFor(route: Route): fc.Arbitrary<Input> {
  const inPath = pathParamsOf(route);
  const declared = Object.entries(route.params).filter(([name]) => !inPath.includes(name));
  const pathArb = fc
    .tuple(...inPath.map((name) => pathSegment(name, parseDecl(route.params[name]).type)))
    .map((segs) => inPath.reduce((p, name, i) => p.replace(new RegExp(`:${name}\\*?`), segs[i]), route.path));
  // Routes with many optional parameters (PATCH /realm, /settings) get a random few of them.
  const paramArb = fc.subarray(declared, { maxLength: Math.min(6, declared.length) }).chain((chosen) => {
    const required = declared.filter(([name, decl]) => parseDecl(decl).required && !chosen.some(([n]) => n === name));
    const all = [...required, ...chosen];
    return fc
      .tuple(...all.map(([name, decl]) => fc.option(valueFor(name, parseDecl(decl).type), { nil: undefined, freq: 6 })))
      .map((values) => all.flatMap(([name], i): [string, Value][] => (values[i] === undefined ? [] : [[name, values[i]]])));
  });
  const unknown = fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'hasOwnProperty', 'client', '')), anyString), { maxLength: 2 });
  const headers = route.headerParams
    ? fc.dictionary(
        fc.constantFrom(...Object.keys(route.headerParams)),
        fc.string({ maxLength: 30, unit: 'binary-ascii' }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      )
    : fc.constant({});
  return fc.record({
    path: pathArb,
    pairs: fc.tuple(paramArb, unknown, fc.boolean()).map(([params, extra, duplicate]) => {
      const pairs: [string, Value][] = [...params, ...extra];
      // A repeated key: the last value wins, whatever the first was.
      if (duplicate && pairs.length) pairs.unshift([pairs[pairs.length - 1][0], 'null']);
      return pairs;
    }),
    encoding: route.method === 'GET' ? fc.constantFrom<Encoding>('query', 'query', 'form') : fc.constantFrom<Encoding>('form', 'form', 'query', 'multipart', 'json-body'),
    raw: fc.boolean(),
    headers,
  });
}

/** Percent-encodes bytes; `raw` leaves non-ASCII bytes as they are (invalid UTF-8 in a form body). */
function encodeBytes(bytes: Buffer, raw: boolean): Buffer {
  const out: number[] = [];
  for (const b of bytes) {
    if (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) || (raw && b >= 0x80)) out.push(b);
    else out.push(...Buffer.from(`%${b.toString(16).toUpperCase().padStart(2, '0')}`));
  }
  return Buffer.from(out);
}
const toBytes = (v: Value) => (typeof v === 'string' ? Buffer.from(v, 'utf8') : v);
const urlEncoded = (pairs: [string, Value][], raw: boolean) =>
  Buffer.concat(pairs.flatMap(([k, v], i) => [Buffer.from(i ? '&' : ''), encodeBytes(toBytes(k), raw), Buffer.from('='), encodeBytes(toBytes(v), raw)]));

function multipart(pairs: [string, Value][]): { body: Buffer; type: string } {
  const boundary = `fuzz${Math.random().toString(36).slice(2)}`;
  const parts = pairs.flatMap(([k, v]) => [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n`), toBytes(v), Buffer.from('\r\n')]);
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

interface Answer {
  status: number;
  text: string;
}

function send(method: string, input: Input, as: TestUser = realm.member): Promise<Answer> {
  let path = `/api/v1${input.path}`;
  let body: Buffer | undefined;
  const headers: Record<string, string> = { host: realm.host, ...input.headers, authorization: basicAuth(as) };
  const query = urlEncoded(input.pairs, false).toString('latin1');
  // Past Node's 16 KiB header limit a query string never reaches Parley: long ones go in a form body.
  if (input.encoding === 'query' && query.length < 8192) {
    if (query) path += `?${query}`;
  } else if (input.encoding === 'form' || input.encoding === 'query') {
    body = urlEncoded(input.pairs, input.raw);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (input.encoding === 'multipart') {
    ({ body, type: headers['content-type'] } = multipart(input.pairs));
  } else {
    body = Buffer.from(JSON.stringify(Object.fromEntries(input.pairs.map(([k, v]) => [k, v.toString()]))));
    headers['content-type'] = 'application/json';
  }
  if (body) headers['content-length'] = String(body.length);
  inputs++;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(baseUrl()), { method, path, headers, timeout: TIMEOUT_MS, agent: process.env.FUZZ_NO_KEEPALIVE ? false : undefined }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = Date.now() - started;
        if (ms > 2000) console.warn(`fuzz: slow answer (${ms} ms) to ${method} ${short(input)}`);
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms to ${method} ${short(input)}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The property: an answer in time, not a 5xx or a 429, and a Zulip envelope. */
function check(method: string, input: Input, { status, text }: Answer): void {
  const where = `${method} ${input.path.slice(0, 200)} → ${status}`;
  if (status >= 500 || status === 429) throw new Error(`${where}: ${text.slice(0, 300)}`);
  let body: { result?: unknown; msg?: unknown; code?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where}: body is not JSON: ${text.slice(0, 300)}`);
  }
  const ok = status < 400 ? body.result === 'success' && body.msg === '' : body.result === 'error' && typeof body.msg === 'string' && typeof body.code === 'string';
  if (!ok) throw new Error(`${where}: not an envelope: ${text.slice(0, 300)}`);
}

/** A counterexample fit to read: long values cut. */
const short = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => {
    const text = Buffer.isBuffer(v) ? `<bytes ${v.toString('hex')}>` : v;
    return typeof text === 'string' && text.length > 80 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
  });

/** The one ≥ 1 MiB input of a route: its first own parameter (or an unknown one) that long. */
function hugeInput(route: Route): Input {
  const inPath = pathParamsOf(route);
  const [name, decl] = Object.entries(route.params).find(([n]) => !inPath.includes(n)) ?? ['huge', 'string'];
  const type = parseDecl(decl).type;
  const value = type === 'json' || type === 'object' || type.endsWith('[]') ? `["${'é'.repeat(MIB / 2)}"]` : type === 'int' ? '9'.repeat(MIB) : 'x'.repeat(MIB);
  const segmentOf = (n: string) => {
    const pathType = parseDecl(route.params[n]).type;
    return pathType === 'int' ? String(known[n]?.[0] ?? 1) : pathType === 'email' ? encodeURIComponent(knownEmails[0]) : 'x';
  };
  const path = inPath.reduce((p, n) => p.replace(new RegExp(`:${n}\\*?`), segmentOf(n)), route.path);
  // A form body for every method: a 1 MiB query string is over Node's 16 KiB header limit.
  return { path, pairs: [[name, value]], encoding: 'form', raw: false, headers: {} };
}

/** Routes that end the caller's account: each of their inputs comes from a member of its own. */
const LEAVING = new Set(['DELETE /users/me']);

/** FUZZ_ROUTES=regex fuzzes only the matching routes ("METHOD /path"), to reproduce a failure. */
const selected = routes.filter((r) => new RegExp(process.env.FUZZ_ROUTES ?? '').test(`${r.method} ${r.path}`));

describe.each(selected.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
  it('answers malformed input with an envelope, never a 5xx, 429 or hang', async () => {
    // One 1 MiB value per route. (Errors echoing such input once overflowed the gRPC
    // trailers and stalled the service's connection; they are bounded now.)
    const caller = async () => (LEAVING.has(`${route.method} ${route.path}`) ? realm.addUser({ name: 'Fuzz leaver' }) : realm.member);
    const huge = hugeInput(route);
    check(route.method, huge, await send(route.method, huge, await caller()));
    const result = await fc.check(
      fc.asyncProperty(inputFor(route), async (input) => check(route.method, input, await send(route.method, input, await caller()))),
      { numRuns: RUNS_PER_ROUTE, interruptAfterTimeLimit: 40_000 },
    );
    if (result.failed) throw new Error(`${String(result.errorInstance)}\nshrunk input: ${short(result.counterexample)}`);
  }, 60_000);
});

it('leaves the member able to use the API', async () => {
  expect((await realm.member.api.get('/users/me')).status).toBe(200);
});

/**
 * IDs at the edges of the integers, on every route that takes an object by ID, in its path, its
 * query or body, or a JSON list: each must get exactly the answer an ID that does not exist
 * gets on that route (Zulip's own answer differs by route: "No such user", "Invalid channel
 * ID", ...), with the ID itself taken out of the message. 2^31 is past PostgreSQL's integer,
 * 2^53 past JavaScript's exact integers. The calls are test/support/id-routes.ts's, made by the
 * owner, so that every check before the lookup passes; the other parameters name objects of
 * the realm's own.
 */
const EDGE_IDS = [2 ** 31 - 1, 2 ** 31, 2 ** 53, -1, 0];
/** Kinds of object whose IDs are integers (the others are names, keys and paths). */
const INTEGER_KINDS = new Set<Kind>([
  'channel',
  'message',
  'direct',
  'user',
  'group',
  'draft',
  'snippet',
  'attachment',
  'linkifier',
  'field',
  'scheduled',
  'reminder',
  'folder',
  'playground',
  'bot',
  'invite',
]);
/** Zulip's URL patterns take digits only: in a path, where an integer goes, -1 names no endpoint at all. */
const NO_ENDPOINT = { status: 404, result: 'error', code: 'NOT_FOUND', msg: 'Endpoint not found' };

describe('IDs at the edges of the integers', () => {
  const self = () => ({ realm, objects });
  const takesDigitsOnly = (c: Case) => c.pathParam !== undefined && parseDecl(routes.find((r) => routeKey(r) === c.route)!.params[c.pathParam]).type === 'int';
  const integerCases = (cases: Case[]) => cases.filter((c) => INTEGER_KINDS.has(c.kind) && c.varied === 1);

  async function check(cases: Case[]): Promise<void> {
    expect(cases.length).toBeGreaterThan(0);
    const problems: Json[] = [];
    for (const c of cases) {
      const missing = answer(await callAs(realm.owner, c, c.missing), c.missing);
      if (missing.result !== 'error' || missing.status < 400) problems.push({ case: c.name, missing });
      for (const id of EDGE_IDS) {
        const edge = answer(await callAs(realm.owner, c, id), id);
        const expected = id < 0 && takesDigitsOnly(c) ? NO_ENDPOINT : missing;
        if (JSON.stringify(edge) !== JSON.stringify(expected)) problems.push({ case: c.name, id, expected, got: edge });
      }
    }
    expect(problems).toEqual([]);
  }

  // Routes whose ID parameters are all names or keys (emoji, navigation views, invitation keys) have no case here.
  const pathRoutes = idRoutes()
    .filter((r) => !SPECIAL_ROUTES.has(routeKey(r)) && pathParams(r.path).some((p) => KINDS_OF_PARAM[p]?.some((k) => INTEGER_KINDS.has(k))))
    .map((r) => [routeKey(r), r.method, r.path] as const);
  it.each(pathRoutes)('%s', async (_key, method, path) => {
    await check(integerCases(pathCases(method, path, self(), objects)));
  });

  it('in the query or body, JSON lists included', async () => {
    await check([...integerCases(bodyCases(self(), objects)), moveCase(self(), objects)]);
  }, 60_000);
});
