import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { eventually } from './support/eventually';
import { ok, refused } from './support/responses';
import { unique } from './support/route-samples';
import { messagesPool } from './support/messages-db';

/**
 * Widgets: /poll and /todo messages get a `widget` submessage at send (Zulip's
 * zerver/lib/widget.py), readers add to it with POST /submessage (votes, options, tasks),
 * checked against the widget's type (zerver/lib/validator.py), `submessages` on message
 * objects and `submessage` events. Every response is checked against the reference (POST
 * /submessage, which it does not document, against Parley's own description).
 */
type Json = Record<string, any>;

let realm: TestRealm;
let channel: number;

beforeAll(async () => {
  realm = await createTestRealm('Widgets realm');
  const everyone = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot, realm.other];
  channel = ok(
    await realm.owner.api.post('/channels/create', {
      name: unique('Widgets '),
      subscribers: everyone.map((u) => u.user_id),
      send_new_subscription_messages: false,
    }),
  ).id as number;
});
afterAll(closeFixtures);

const send = async (by: TestUser, content: string) => ok(await by.api.post('/messages', { type: 'stream', to: channel, topic: 'widgets', content })).id as number;
const submessagesOf = async (user: TestUser, id: number): Promise<Json[]> => ok(await user.api.get(`/messages/${id}`)).message.submessages;
/** Zulip's reference does not document POST /submessage: the envelope and Parley's description are checked. */
const submit = (user: TestUser, id: number, data: unknown) =>
  user.api.post('/submessage', { message_id: id, msg_type: 'widget', content: typeof data === 'string' ? data : JSON.stringify(data) }, { contract: 'envelope' });

describe('widgets made at send', () => {
  it('makes a poll from /poll: the question, then one option a line, list bullets dropped', async () => {
    const id = await send(realm.member, '/poll What for lunch?\n- Pizza\n* Soup\n\n  Salad  ');
    const [widget] = await submessagesOf(realm.other, id);
    expect(widget).toEqual({
      id: expect.any(Number),
      message_id: id,
      sender_id: realm.member.user_id,
      msg_type: 'widget',
      content: JSON.stringify({ widget_type: 'poll', extra_data: { question: 'What for lunch?', options: ['Pizza', 'Soup', 'Salad'] } }),
    });
    // GET /messages carries it too.
    const [fetched] = ok(await realm.other.api.get('/messages', { message_ids: [id] })).messages as Json[];
    expect(fetched.submessages).toEqual([widget]);
  });

  it('makes a to-do list from /todo: the title, then tasks with their description after ": "', async () => {
    const id = await send(realm.member, '/todo Release\nWrite notes: the changelog too\n- Tag it');
    const [widget] = await submessagesOf(realm.member, id);
    expect(JSON.parse(widget.content)).toEqual({
      widget_type: 'todo',
      extra_data: {
        task_list_title: 'Release',
        tasks: [
          { task: 'Write notes', desc: 'the changelog too' },
          { task: 'Tag it', desc: '' },
        ],
      },
    });
  });

  it('makes none for other content, or /poll not first, or another command', async () => {
    for (const content of ['Lunch?', 'what about /poll x', '/pollster here', '/me waves']) {
      expect(await submessagesOf(realm.member, await send(realm.member, content))).toEqual([]);
    }
  });

  it("sends the widget in the message event, with the message's ID", async () => {
    const queue = ok(await realm.other.api.post('/register', { event_types: ['message'] })).queue_id as string;
    const id = await send(realm.member, '/poll Ready?\nYes\nNo');
    let event: Json | undefined;
    await eventually(async () => {
      event = (ok(await realm.other.api.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true })).events as Json[]).find((e) => e.type === 'message' && e.message.id === id);
      expect(event).toBeDefined();
    });
    expect(event!.message.submessages).toEqual(await submessagesOf(realm.other, id));
  });
});

describe('POST /submessage', () => {
  it('lets every role vote and add options on a poll it may read, in order, telling everyone with a copy', async () => {
    const queue = ok(await realm.admin.api.post('/register', { event_types: ['submessage'] })).queue_id as string;
    const id = await send(realm.member, '/poll Tea or coffee?\nTea\nCoffee');
    const voters = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
    for (const user of voters) ok(await submit(user, id, { type: 'vote', key: 'canned,0', vote: 1 }));
    ok(await submit(realm.other, id, { type: 'new_option', idx: 1, option: 'Water' }));
    const subs = await submessagesOf(realm.guest, id);
    expect(subs.map((s) => s.sender_id)).toEqual([realm.member, ...voters, realm.other].map((u) => u.user_id));
    expect(subs.map((s) => s.id)).toEqual([...subs.map((s) => s.id)].sort((a, b) => a - b));
    let events: Json[] = [];
    await eventually(async () => {
      events = (ok(await realm.admin.api.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true })).events as Json[]).filter((e) => e.type === 'submessage' && e.message_id === id);
      expect(events).toHaveLength(voters.length + 1);
    });
    expect(events.at(-1)).toMatchObject({
      type: 'submessage',
      msg_type: 'widget',
      message_id: id,
      sender_id: realm.other.user_id,
      submessage_id: subs.at(-1)!.id,
      content: JSON.stringify({ type: 'new_option', idx: 1, option: 'Water' }),
    });
  });

  it("lets only the author change the question or the list's title", async () => {
    const poll = await send(realm.member, '/poll Q?\nA');
    refused(await submit(realm.other, poll, { type: 'question', question: 'Mine now?' }), "You can't edit a question unless you are the author.");
    ok(await submit(realm.member, poll, { type: 'question', question: 'Better Q?' }));
    const todo = await send(realm.member, '/todo List\nOne');
    refused(await submit(realm.other, todo, { type: 'new_task_list_title', title: 'Mine' }), "You can't edit the task list title unless you are the author.");
    ok(await submit(realm.other, todo, { type: 'new_task', key: 2, task: 'Two', desc: '', completed: false }));
    ok(await submit(realm.other, todo, { type: 'strike', key: '1,canned' }));
  });

  it('refuses data that does not fit the widget, as Zulip words it', async () => {
    const poll = await send(realm.member, '/poll Q?\nA');
    const cases: [unknown, string][] = [
      ['not json', 'Invalid json for submessage'],
      [[1, 2], 'poll data is not a dict'],
      [{ key: 'x' }, 'type key is missing from poll data'],
      [{ type: 'vote', key: 'canned,0', vote: 2 }, 'Invalid poll data["vote"]'],
      [{ type: 'vote', key: 5, vote: 1 }, 'poll data["key"] is not a string'],
      [{ type: 'vote', key: 'canned,0', vote: 1, extra: true }, 'Unexpected arguments: extra'],
      [{ type: 'new_option', idx: 1001, option: 'x' }, 'poll data["idx"] is too large'],
      [{ type: 'explode' }, 'Unknown type for poll data: explode'],
    ];
    for (const [data, msg] of cases) refused(await submit(realm.other, poll, data), msg);
    const todo = await send(realm.member, '/todo L\nT');
    refused(await submit(realm.other, todo, { type: 'new_task', key: 1, task: 'x', desc: '', completed: 'no' }), 'todo data["completed"] is not a boolean');
    refused(await submit(realm.other, todo, { type: 'vote' }), 'Unknown type for todo data: vote');
    expect((await submessagesOf(realm.other, poll)).map((s) => s.msg_type)).toEqual(['widget']);
  });

  it('refuses the first submessage of a message by anyone but its sender, and messages one cannot read', async () => {
    const plain = await send(realm.member, 'no widget here');
    refused(await submit(realm.other, plain, { type: 'vote', key: 'x', vote: 1 }), 'You cannot attach a submessage to this message.');
    ok(await submit(realm.member, plain, { anything: 'goes without a widget' }));
    ok(await submit(realm.other, plain, { now: 'others may' }));
    const secret = ok(await realm.admin.api.post('/messages', { type: 'direct', to: JSON.stringify([realm.moderator.user_id]), content: '/poll Private?\nYes' })).id as number;
    refused(await submit(realm.member, secret, { type: 'vote', key: 'canned,0', vote: 1 }), 'Invalid message(s)');
    refused(await submit(realm.member, 999_999_999, { type: 'vote', key: 'canned,0', vote: 1 }), 'Invalid message(s)');
    refused(
      await realm.member.api.post('/submessage', { message_id: plain, msg_type: 'widget', content: 'x'.repeat(10_001) }, { contract: 'envelope' }),
      'Submessage content is too long (limit: 10000 characters)',
    );
  });
});

describe("Parley's bound on a message's submessages (MAX_SUBMESSAGES_PER_MESSAGE)", () => {
  const MAX = 10_000;
  const TOO_MANY = `This message has the most submessages it may have (${MAX}).`;
  const vote = { type: 'vote', key: 'canned,0', vote: 1 };
  const made: number[] = [];
  afterAll(async () => {
    await messagesPool().query('DELETE FROM submessages WHERE message_id = ANY($1::bigint[])', [made]);
  });

  /** A poll with `room` submessages left before the bound, the others votes written straight into the table. */
  async function pollWithRoom(room: number): Promise<number> {
    const id = await send(realm.member, '/poll Q?\nA');
    made.push(id);
    await messagesPool().query(
      `INSERT INTO submessages (message_id, sender_id, msg_type, content)
       SELECT $1, $2, 'widget', $3 FROM generate_series(1, $4)`,
      [id, realm.other.user_id, JSON.stringify(vote), MAX - 1 - room],
    );
    return id;
  }

  it('refuses one more to every role that may add to the message', async () => {
    const roles = [realm.owner, realm.admin, realm.moderator, realm.member, realm.guest, realm.bot];
    const poll = await pollWithRoom(roles.length);
    for (const user of roles) ok(await submit(user, poll, vote));
    for (const user of roles) refused(await submit(user, poll, vote), TOO_MANY);
    expect(await submessagesOf(realm.other, poll)).toHaveLength(MAX);
  });

  it('holds under concurrent adds: 10 at once with room for 4 make exactly 4', async () => {
    const poll = await pollWithRoom(4);
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(realm.other, poll, vote)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 400, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) refused(a, TOO_MANY);
    expect(await submessagesOf(realm.other, poll)).toHaveLength(MAX);
  });
});
