import { ApiResponse, Params } from './support/api';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';

/**
 * A message's edit history and message reports (issue #7, items 2 and 3):
 * GET /messages/{message_id}/history (snapshots oldest first: the original, then one per
 * edit with the values after it and what it changed; who may read it; the realm's
 * allow_edit_history), `edit_history` on messages from GET /messages and
 * GET /messages/{message_id} (newest first), last_edit_timestamp (content edits only) and
 * last_moved_timestamp (moves, not resolves), and POST /messages/{message_id}/report
 * (report types, the description rules, the moderation request channel, who may report what,
 * the Notification Bot's report in that channel), for channel and direct messages.
 * Where the reference is silent, Zulip's server decides (zerver/views/message_edit.py,
 * zerver/views/message_report.py, zerver/lib/message_report.py).
 */
type Json = Record<string, any>;
type RoleName = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'bot';
const ROLES: RoleName[] = ['owner', 'admin', 'moderator', 'member', 'guest', 'bot'];

const NOT_FOUND = 'Invalid message(s)';
const HISTORY_DISABLED = 'Message edit history is disabled in this organization';
const NO_MODERATION_CHANNEL = 'Moderation request channel must be specified to enable message reporting.';

let realm: TestRealm;
/** Public channels every fixture user is subscribed to. */
let pub: number;
let pub2: number;
/** A public channel only the owner is subscribed to (guests cannot read it). */
let open: number;
/** A private channel of the owner and the member only. */
let secret: number;
/** The moderation request channel: private, created by the administrator. */
let moderation: number;
let n = 0;
const unique = (name: string) => `${name} ${++n}`;

beforeAll(async () => {
  realm = await createTestRealm('History and reports realm');
  const everyone = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot, realm.other];
  pub = await createChannel(realm.owner, everyone);
  pub2 = await createChannel(realm.owner, everyone);
  open = await createChannel(realm.owner, [realm.owner]);
  secret = await createChannel(realm.owner, [realm.owner, realm.member], { invite_only: true });
  moderation = await createChannel(realm.admin, [realm.admin, realm.owner, realm.moderator], { invite_only: true });
}, 60_000);
afterAll(closeFixtures);

function ok(res: ApiResponse): Json {
  expect([res.status, res.body.msg]).toEqual([200, '']);
  return res.body;
}

function refused(res: ApiResponse, msg: string | RegExp, code = 'BAD_REQUEST'): void {
  expect({ status: res.status, result: res.body.result, code: res.body.code }).toEqual({ status: 400, result: 'error', code });
  if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
  else expect(res.body.msg).toMatch(msg);
}

async function createChannel(by: TestUser, subscribers: TestUser[], params: Params = {}): Promise<number> {
  return ok(
    await by.api.post('/channels/create', {
      name: unique('Channel'),
      subscribers: subscribers.map((u) => u.user_id),
      send_new_subscription_messages: false,
      ...params,
    }),
  ).id as number;
}

const post = async (user: TestUser, channel: number, topic: string, content: string): Promise<number> =>
  ok(await user.api.post('/messages', { type: 'stream', to: channel, topic, content })).id as number;
const dm = async (user: TestUser, to: TestUser[], content: string): Promise<number> => ok(await user.api.post('/messages', { type: 'direct', to: to.map((u) => u.user_id), content })).id as number;
const edit = async (user: TestUser, id: number, params: Params): Promise<void> => {
  expect(ok(await user.api.patch(`/messages/${id}`, { send_notification_to_new_thread: false, ...params })).detached_uploads).toEqual([]);
};
const history = async (user: TestUser, id: number, params: Params = {}): Promise<Json[]> => ok(await user.api.get(`/messages/${id}/history`, params)).message_history as Json[];
const single = async (user: TestUser, id: number, params: Params = {}): Promise<Json> => ok(await user.api.get(`/messages/${id}`, params)).message;
async function fetched(user: TestUser, channel: number, topic: string, id: number): Promise<Json> {
  const body = ok(
    await user.api.get('/messages', {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: channel },
        { operator: 'topic', operand: topic },
      ],
    }),
  );
  const found = (body.messages as Json[]).find((m) => m.id === id);
  expect(found).toBeDefined();
  return found!;
}

/** The snapshots without content_html_diff (its presence is checked on its own, below). */
const withoutDiff = (snapshots: Json[]): Json[] =>
  snapshots.map((s) => {
    const copy = { ...s };
    delete copy.content_html_diff;
    return copy;
  });

async function patchRealm(params: Params): Promise<void> {
  const body = ok(await realm.owner.api.patch('/realm', params, { contract: 'envelope' }));
  expect(body.ignored_parameters_unsupported).toBeUndefined();
}

// ---- GET /messages/{message_id}/history and edit_history ----

describe('GET /messages/{message_id}/history', () => {
  it('gives the original first, then one snapshot per edit with the values after it, what changed and who changed it', async () => {
    const topic = unique('plans');
    const id = await post(realm.member, pub, topic, 'Hello **world**');
    const sent = await single(realm.member, id);
    expect(sent.content).toBe('<p>Hello <strong>world</strong></p>');

    await edit(realm.member, id, { content: 'Hello **there**' });
    // Into the next second, so that the content edit's time and the moves' times differ.
    await new Promise((r) => setTimeout(r, 1100));
    const topic2 = unique('plans');
    await edit(realm.moderator, id, { topic: topic2 });
    await edit(realm.admin, id, { stream_id: pub2 });
    const topic3 = unique('final plans');
    await edit(realm.owner, id, { stream_id: pub, topic: topic3 });

    const r0 = '<p>Hello <strong>world</strong></p>';
    const r1 = '<p>Hello <strong>there</strong></p>';
    const snapshots = await history(realm.other, id);
    expect(withoutDiff(snapshots)).toEqual([
      { topic, content: 'Hello **world**', rendered_content: r0, timestamp: sent.timestamp, user_id: realm.member.user_id },
      {
        topic,
        content: 'Hello **there**',
        rendered_content: r1,
        prev_content: 'Hello **world**',
        prev_rendered_content: r0,
        timestamp: expect.any(Number),
        user_id: realm.member.user_id,
      },
      { topic: topic2, prev_topic: topic, content: 'Hello **there**', rendered_content: r1, timestamp: expect.any(Number), user_id: realm.moderator.user_id },
      { topic: topic2, prev_stream: pub, stream: pub2, content: 'Hello **there**', rendered_content: r1, timestamp: expect.any(Number), user_id: realm.admin.user_id },
      {
        topic: topic3,
        prev_topic: topic2,
        prev_stream: pub2,
        stream: pub,
        content: 'Hello **there**',
        rendered_content: r1,
        timestamp: expect.any(Number),
        user_id: realm.owner.user_id,
      },
    ]);
    const times = snapshots.map((s) => s.timestamp as number);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The same edits on the fetched message, newest first, with the same times.
    const expected = [
      { timestamp: times[4], user_id: realm.owner.user_id, prev_topic: topic2, topic: topic3, prev_stream: pub2, stream: pub },
      { timestamp: times[3], user_id: realm.admin.user_id, prev_stream: pub, stream: pub2 },
      { timestamp: times[2], user_id: realm.moderator.user_id, prev_topic: topic, topic: topic2 },
      { timestamp: times[1], user_id: realm.member.user_id, prev_content: 'Hello **world**', prev_rendered_content: r0 },
    ];
    const one = await single(realm.other, id);
    expect(one.edit_history).toEqual(expected);
    expect(one.last_edit_timestamp).toBe(times[1]);
    expect(one.last_moved_timestamp).toBe(times[4]);
    const many = await fetched(realm.other, pub, topic3, id);
    expect(many.edit_history).toEqual(expected);
    expect(many.last_edit_timestamp).toBe(times[1]);
    expect(many.last_moved_timestamp).toBe(times[4]);
  });

  it('includes content_html_diff in snapshots of content edits only', async () => {
    const topic = unique('diffs');
    const id = await post(realm.member, pub, topic, 'before');
    await edit(realm.member, id, { content: 'after' });
    await edit(realm.member, id, { topic: unique('diffs') });
    const snapshots = await history(realm.member, id);
    expect(snapshots.map((s) => typeof s.content_html_diff)).toEqual(['undefined', 'string', 'undefined']);
  });

  it('gives a message never edited one snapshot, and no edit_history or edit times on it', async () => {
    const topic = unique('quiet');
    const id = await post(realm.other, pub, topic, 'Never *edited*');
    const sent = await single(realm.member, id);
    expect(await history(realm.member, id)).toEqual([{ topic, content: 'Never *edited*', rendered_content: '<p>Never <em>edited</em></p>', timestamp: sent.timestamp, user_id: realm.other.user_id }]);
    for (const m of [sent, await fetched(realm.member, pub, topic, id)]) {
      expect(m).not.toHaveProperty('edit_history');
      expect(m).not.toHaveProperty('last_edit_timestamp');
      expect(m).not.toHaveProperty('last_moved_timestamp');
    }
  });

  it('gives a content edit last_edit_timestamp but not last_moved_timestamp', async () => {
    const id = await post(realm.member, pub, unique('typo'), 'teh');
    await edit(realm.member, id, { content: 'the' });
    const [, snapshot] = await history(realm.member, id);
    const m = await single(realm.member, id);
    expect(m.last_edit_timestamp).toBe(snapshot.timestamp);
    expect(m).not.toHaveProperty('last_moved_timestamp');
    expect(m.edit_history).toEqual([{ timestamp: snapshot.timestamp, user_id: realm.member.user_id, prev_content: 'teh', prev_rendered_content: '<p>teh</p>' }]);
  });

  it('gives a move last_moved_timestamp but not last_edit_timestamp, on every message it moved', async () => {
    const topic = unique('misplaced');
    const first = await post(realm.member, pub, topic, 'one');
    const second = await post(realm.other, pub, topic, 'two');
    const topic2 = unique('placed');
    await edit(realm.moderator, first, { topic: topic2, propagate_mode: 'change_all' });
    for (const [id, sender] of [
      [first, realm.member],
      [second, realm.other],
    ] as const) {
      const snapshots = await history(realm.member, id);
      expect(withoutDiff(snapshots)).toEqual([
        { topic, content: id === first ? 'one' : 'two', rendered_content: id === first ? '<p>one</p>' : '<p>two</p>', timestamp: expect.any(Number), user_id: sender.user_id },
        {
          topic: topic2,
          prev_topic: topic,
          content: id === first ? 'one' : 'two',
          rendered_content: id === first ? '<p>one</p>' : '<p>two</p>',
          timestamp: expect.any(Number),
          user_id: realm.moderator.user_id,
        },
      ]);
      const m = await single(realm.member, id);
      expect(m.last_moved_timestamp).toBe(snapshots[1].timestamp);
      expect(m).not.toHaveProperty('last_edit_timestamp');
      expect(m.edit_history).toEqual([{ timestamp: snapshots[1].timestamp, user_id: realm.moderator.user_id, prev_topic: topic, topic: topic2 }]);
    }
  });

  it('records resolving a topic in the history, without last_moved_timestamp or last_edit_timestamp', async () => {
    const topic = unique('question');
    const id = await post(realm.member, pub, topic, 'How?');
    await edit(realm.member, id, { topic: `✔ ${topic}`, propagate_mode: 'change_all' });
    const snapshots = await history(realm.member, id);
    expect(withoutDiff(snapshots)).toEqual([
      { topic, content: 'How?', rendered_content: '<p>How?</p>', timestamp: expect.any(Number), user_id: realm.member.user_id },
      { topic: `✔ ${topic}`, prev_topic: topic, content: 'How?', rendered_content: '<p>How?</p>', timestamp: expect.any(Number), user_id: realm.member.user_id },
    ]);
    const m = await single(realm.member, id);
    expect(m.edit_history).toEqual([{ timestamp: snapshots[1].timestamp, user_id: realm.member.user_id, prev_topic: topic, topic: `✔ ${topic}` }]);
    expect(m).not.toHaveProperty('last_moved_timestamp');
    expect(m).not.toHaveProperty('last_edit_timestamp');
  });

  it("names the empty topic by the realm's name for it unless allow_empty_topic_name", async () => {
    const id = await post(realm.member, pub, '', 'In general chat');
    const topic = unique('named');
    await edit(realm.member, id, { topic });
    expect((await history(realm.member, id)).map((s) => [s.topic, s.prev_topic])).toEqual([
      ['general chat', undefined],
      [topic, 'general chat'],
    ]);
    expect((await history(realm.member, id, { allow_empty_topic_name: true })).map((s) => [s.topic, s.prev_topic])).toEqual([
      ['', undefined],
      [topic, ''],
    ]);
  });

  it('refuses a message the caller cannot read, for every role that cannot', async () => {
    const inOpen = await post(realm.owner, open, unique('open'), 'Public, unsubscribed');
    await edit(realm.owner, inOpen, { content: 'Public, unsubscribed, edited' });
    const inSecret = await post(realm.member, secret, unique('hidden'), 'Private');
    await edit(realm.member, inSecret, { content: 'Private, edited' });

    // A public channel's history: everyone but guests, who read only their channels.
    for (const role of ROLES) {
      const res = await realm[role].api.get(`/messages/${inOpen}/history`);
      if (role === 'guest') refused(res, NOT_FOUND);
      else expect(ok(res).message_history).toHaveLength(2);
    }
    // A private channel: only its subscribers, administrators included.
    for (const role of ['admin', 'moderator', 'guest', 'bot'] as const) refused(await realm[role].api.get(`/messages/${inSecret}/history`), NOT_FOUND);
    refused(await realm.other.api.get(`/messages/${inSecret}/history`), NOT_FOUND);
    expect(await history(realm.member, inSecret)).toHaveLength(2);
    expect(await history(realm.owner, inSecret)).toHaveLength(2);
    // No such message.
    refused(await realm.member.api.get(`/messages/${inSecret + 1_000_000}/history`), NOT_FOUND);
  });

  it('is refused while the realm disables edit history (allow_edit_history), and edit_history leaves fetched messages', async () => {
    const topic = unique('secretive');
    const id = await post(realm.member, pub, topic, 'First draft');
    await edit(realm.member, id, { content: 'Second draft' });
    await patchRealm({ allow_edit_history: false });
    try {
      for (const role of ROLES) refused(await realm[role].api.get(`/messages/${id}/history`), HISTORY_DISABLED);
      for (const m of [await single(realm.other, id), await fetched(realm.other, pub, topic, id)]) {
        expect(m).not.toHaveProperty('edit_history');
        expect(m.last_edit_timestamp).toEqual(expect.any(Number));
      }
    } finally {
      await patchRealm({ allow_edit_history: true });
    }
    expect(await history(realm.member, id)).toHaveLength(2);
    expect((await single(realm.other, id)).edit_history).toHaveLength(1);
  });

  it('is refused while message_edit_history_visibility_policy is "none" (the reference\'s setting since feature level 358)', async () => {
    const id = await post(realm.member, pub, unique('policy'), 'Draft');
    await edit(realm.member, id, { content: 'Final' });
    await patchRealm({ message_edit_history_visibility_policy: 'none' });
    try {
      refused(await realm.member.api.get(`/messages/${id}/history`), HISTORY_DISABLED);
      expect(await single(realm.other, id)).not.toHaveProperty('edit_history');
    } finally {
      await patchRealm({ message_edit_history_visibility_policy: 'all' });
    }
    expect(await history(realm.member, id)).toHaveLength(2);
  });
});

// ---- POST /messages/{message_id}/report ----

const fromBot = (m: Json) => m.sender_full_name === 'Notification Bot';
const mention = (u: TestUser) => `@_**${u.full_name}|${u.user_id}**`;

/** The bodies of the fenced quote / spoiler blocks of a message's Markdown. */
const fencedBlocks = (content: string): string[] => [...content.matchAll(/^(`{3,}|~{3,})[ \t]*(?:quote|spoiler)[^\n]*\n([\s\S]*?)\n\1[ \t]*$/gm)].map((m) => m[2]);

async function moderationMessages(reader: TestUser): Promise<Json[]> {
  const body = ok(
    await reader.api.get('/messages', {
      anchor: 'newest',
      num_before: 200,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: moderation }],
      apply_markdown: false,
    }),
  );
  return body.messages as Json[];
}

/** The Notification Bot's report whose text includes `marker`, once it has been posted. */
async function reportWith(marker: string): Promise<Json> {
  let found: Json | undefined;
  await eventually(async () => {
    found = (await moderationMessages(realm.moderator)).filter(fromBot).find((m) => (m.content as string).includes(marker));
    if (!found) throw new Error(`no report including ${JSON.stringify(marker)} yet`);
  }, 15_000);
  return found!;
}

function expectReport(report: Json, what: { reporter: TestUser; sender: TestUser; type: string; description?: string; content: string }): void {
  expect(report).toMatchObject({ sender_full_name: 'Notification Bot', type: 'stream', stream_id: moderation });
  const text = report.content as string;
  expect(text).toContain(mention(what.reporter));
  expect(text).toContain(mention(what.sender));
  expect(text).toMatch(new RegExp(`\\*\\*[^*\\n]*${what.type}[^*\\n]*\\*\\*`, 'i'));
  if (what.description) expect(text).toContain(what.description);
  expect(fencedBlocks(text).some((b) => b.includes(what.content))).toBe(true);
}

const report = (user: TestUser, id: number, params: Params) => user.api.post(`/messages/${id}/report`, params);

describe('POST /messages/{message_id}/report without a moderation request channel', () => {
  beforeAll(() => patchRealm({ moderation_request_channel_id: -1 }));

  it('is refused for every report type', async () => {
    const id = await post(realm.other, pub, unique('unreported'), 'Reportable');
    for (const type of ['spam', 'harassment', 'inappropriate', 'norms']) refused(await report(realm.member, id, { report_type: type }), NO_MODERATION_CHANNEL);
    refused(await report(realm.member, id, { report_type: 'other', description: 'Why' }), NO_MODERATION_CHANNEL);
  });

  it('checks the report itself first', async () => {
    const id = await post(realm.other, pub, unique('unreported'), 'Reportable too');
    refused(await report(realm.member, id, { report_type: 'other' }), 'An explanation is required.');
    refused(await report(realm.member, id, { report_type: 'scam' }), /^Invalid report_type/);
  });
});

describe('POST /messages/{message_id}/report', () => {
  beforeAll(async () => {
    await patchRealm({ moderation_request_channel_id: moderation });
    const state = ok(await realm.member.api.post('/register', { fetch_event_types: ['realm'] }));
    expect(state.realm_moderation_request_channel_id).toBe(moderation);
  });
  afterAll(() => patchRealm({ moderation_request_channel_id: -1 }));

  it('has the Notification Bot post each report type in the moderation channel, naming the reporter, the reason and the notes, quoting the message', async () => {
    const topic = unique('offensive');
    const cases = [
      { type: 'spam', description: undefined },
      { type: 'harassment', description: unique('They keep at it') },
      { type: 'inappropriate', description: unique('Not for here') },
      { type: 'norms', description: unique('Against our rules') },
      { type: 'other', description: unique('Something else entirely') },
    ];
    const sent: { id: number; content: string; type: string; description?: string }[] = [];
    for (const c of cases) {
      const content = unique(`Buy cheap watches (${c.type})`);
      const id = await post(realm.other, pub, topic, content);
      ok(await report(realm.member, id, { report_type: c.type, ...(c.description && { description: c.description }) }));
      sent.push({ id, content, ...c });
    }
    for (const s of sent) {
      expectReport(await reportWith(s.content), { reporter: realm.member, sender: realm.other, type: s.type, description: s.description, content: s.content });
    }
  });

  it('refuses an unknown or missing report_type', async () => {
    const id = await post(realm.other, pub, unique('fine'), 'Fine message');
    refused(await report(realm.member, id, { report_type: 'scam' }), /^Invalid report_type/);
    refused(await report(realm.member, id, { report_type: 'SPAM' }), /^Invalid report_type/);
    refused(await report(realm.member, id, {}), "Missing 'report_type' argument", 'REQUEST_VARIABLE_MISSING');
  });

  it('requires a description for "other", caps it at 1000 characters, and posts nothing for a refused report', async () => {
    const content = unique('Edge of the rules');
    const id = await post(realm.other, pub, unique('limits'), content);
    refused(await report(realm.member, id, { report_type: 'other' }), 'An explanation is required.');
    refused(await report(realm.member, id, { report_type: 'other', description: '' }), 'An explanation is required.');
    const tooLong = unique('Too long').padEnd(1001, 'x');
    refused(await report(realm.member, id, { report_type: 'spam', description: tooLong }), /^description is too long \(limit: 1000 characters\)\.?$/i);
    refused(await report(realm.member, id, { report_type: 'other', description: tooLong }), /^description is too long \(limit: 1000 characters\)\.?$/i);

    const longest = unique('Just fits').padEnd(1000, 'y');
    ok(await report(realm.member, id, { report_type: 'other', description: longest }));
    const posted = await reportWith(longest);
    expectReport(posted, { reporter: realm.member, sender: realm.other, type: 'other', description: longest, content });
    // The refused attempts posted nothing (reports are posted in order; the accepted one came last).
    expect((await moderationMessages(realm.moderator)).filter((m) => (m.content as string).includes(tooLong.slice(0, 20)))).toEqual([]);
  });

  it('lets every role report a message they can read', async () => {
    const topic = unique('reported by all');
    const content = unique('Everyone dislikes this');
    const id = await post(realm.other, pub, topic, content);
    const notes = Object.fromEntries(ROLES.map((role) => [role, unique(`Noted by ${role}`)]));
    for (const role of ROLES) ok(await report(realm[role], id, { report_type: 'norms', description: notes[role] }));
    for (const role of ROLES) {
      expectReport(await reportWith(notes[role]), { reporter: realm[role], sender: realm.other, type: 'norms', description: notes[role], content });
    }
  });

  it('refuses a message the reporter cannot read, for every role that cannot', async () => {
    const inOpen = await post(realm.owner, open, unique('open'), unique('Public, unsubscribed'));
    const inSecret = await post(realm.member, secret, unique('hidden'), unique('Private'));
    for (const role of ROLES) {
      const res = await report(realm[role], inOpen, { report_type: 'spam' });
      if (role === 'guest') refused(res, NOT_FOUND);
      else ok(res);
    }
    for (const role of ['admin', 'moderator', 'guest', 'bot'] as const) refused(await report(realm[role], inSecret, { report_type: 'spam' }), NOT_FOUND);
    refused(await report(realm.other, inSecret, { report_type: 'spam' }), NOT_FOUND);
    refused(await report(realm.member, inSecret + 1_000_000, { report_type: 'spam' }), NOT_FOUND);
    // The owner is subscribed: it may report the member's private message.
    ok(await report(realm.owner, inSecret, { report_type: 'spam' }));
  });
});

// ---- Direct messages ----

describe('direct messages', () => {
  it('keeps the history of an edited direct message for both participants only', async () => {
    const id = await dm(realm.member, [realm.other], 'Hi *there*');
    const sent = await single(realm.member, id);
    await edit(realm.member, id, { content: 'Hi **there**' });
    await edit(realm.member, id, { content: 'Hello **there**' });

    for (const reader of [realm.member, realm.other]) {
      const snapshots = await history(reader, id);
      expect(withoutDiff(snapshots)).toEqual([
        { topic: '', content: 'Hi *there*', rendered_content: '<p>Hi <em>there</em></p>', timestamp: sent.timestamp, user_id: realm.member.user_id },
        {
          topic: '',
          content: 'Hi **there**',
          rendered_content: '<p>Hi <strong>there</strong></p>',
          prev_content: 'Hi *there*',
          prev_rendered_content: '<p>Hi <em>there</em></p>',
          timestamp: expect.any(Number),
          user_id: realm.member.user_id,
        },
        {
          topic: '',
          content: 'Hello **there**',
          rendered_content: '<p>Hello <strong>there</strong></p>',
          prev_content: 'Hi **there**',
          prev_rendered_content: '<p>Hi <strong>there</strong></p>',
          timestamp: expect.any(Number),
          user_id: realm.member.user_id,
        },
      ]);
      const m = await single(reader, id);
      expect(m.edit_history).toEqual([
        { timestamp: snapshots[2].timestamp, user_id: realm.member.user_id, prev_content: 'Hi **there**', prev_rendered_content: '<p>Hi <strong>there</strong></p>' },
        { timestamp: snapshots[1].timestamp, user_id: realm.member.user_id, prev_content: 'Hi *there*', prev_rendered_content: '<p>Hi <em>there</em></p>' },
      ]);
      expect(m.last_edit_timestamp).toBe(snapshots[2].timestamp);
      expect(m).not.toHaveProperty('last_moved_timestamp');
    }
    for (const role of ['owner', 'admin', 'moderator', 'guest', 'bot'] as const) refused(await realm[role].api.get(`/messages/${id}/history`), NOT_FOUND);
  });

  it('lets the recipient report a direct message, and nobody outside it', async () => {
    await patchRealm({ moderation_request_channel_id: moderation });
    try {
      const content = unique('Send me your password');
      const id = await dm(realm.other, [realm.member], content);
      for (const role of ['owner', 'admin', 'moderator', 'guest', 'bot'] as const) refused(await report(realm[role], id, { report_type: 'spam' }), NOT_FOUND);
      const description = unique('Phishing in my DMs');
      ok(await report(realm.member, id, { report_type: 'harassment', description }));
      expectReport(await reportWith(description), { reporter: realm.member, sender: realm.other, type: 'harassment', description, content });
    } finally {
      await patchRealm({ moderation_request_channel_id: -1 });
    }
  });
});
