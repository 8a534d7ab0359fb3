import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { FLAG_BITS } from '../flags';
import { resolveWithOperator, WithTarget } from './anchor';
import type { NarrowContext } from './context';
import { NarrowTerm, parseNarrow } from './parse';
import { SqlParams } from './params';
import { searchHighlights } from './search';
import { narrowWhere } from './sql';

/**
 * Runs the generated SQL on PostgreSQL, in a throwaway schema made by the messages
 * migrations, to prove each operator (negated, and combined) selects exactly the right rows.
 */
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** The messages service's tables a narrow reads: messages and user_messages, reactions, user_topics. */
const MIGRATIONS = ['0002_messages.sql', '0011_reactions.sql', '0013_user_topics.sql'].map((f) => join(__dirname, '../../../migrations', f));

/** The run's database (test/support/component-setup.ts), else DATABASE_URL, else the default if it answers. */
function databaseUrl(): string | undefined {
  const fromEnv = process.env.PARLEY_TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (fromEnv) return fromEnv;
  // describe() cannot wait, so probe the default server synchronously in a child process.
  const probe = `require('net').connect(5432, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0 ? DEFAULT_URL : undefined;
}

const url = databaseUrl();
const describeWithPostgres = url ? describe : describe.skip;
if (!url) process.stderr.write(`${__filename} skipped: no DATABASE_URL and no PostgreSQL answers at ${DEFAULT_URL}\n`);

const VIEWER = 10;
const OTHELLO = 11;
const IAGO = 12;
const CORDELIA = 13;
const USERS: Record<string, number> = {
  10: VIEWER,
  11: OTHELLO,
  12: IAGO,
  13: CORDELIA,
  'hamlet@example.com': VIEWER,
  'othello@example.com': OTHELLO,
  'iago@example.com': IAGO,
  'cordelia@example.com': CORDELIA,
};
const CHANNELS = [
  { stream_id: 1, name: 'Denmark' },
  { stream_id: 2, name: 'Verona' }, // web-public
  { stream_id: 3, name: 'Secret' }, // private, the viewer has no copies of its messages
];

const baseContext: NarrowContext = {
  viewerId: VIEWER,
  channel: (operand) => CHANNELS.find((c) => (typeof operand === 'number' ? c.stream_id === operand : c.name.toLowerCase() === operand.toLowerCase())),
  user: (operand) => {
    const id = USERS[String(operand).toLowerCase()];
    return id === undefined ? undefined : { user_id: id };
  },
  publicChannelIds: [1, 2],
  webPublicChannelIds: [2],
  mutedChannelIds: [],
};

const { read, starred, mentioned, stream_wildcard_mentioned, topic_wildcard_mentioned, has_alert_word } = FLAG_BITS;

interface Fixture {
  id: number;
  sender: number;
  channel?: number;
  topic?: string;
  dm?: number[];
  content: string;
  rendered?: string;
  has?: ('link' | 'image' | 'attachment')[];
  /** The viewer's flags; no row when undefined. */
  flags?: number;
  /** Other users' rows, which must never count for the viewer. */
  others?: Record<number, number>;
}

const MESSAGES: Fixture[] = [
  { id: 1, sender: OTHELLO, channel: 1, topic: 'Weather', content: 'The weather is sunny today', flags: 0, others: { [OTHELLO]: read | starred } },
  { id: 2, sender: VIEWER, channel: 1, topic: 'weather', content: 'Running late', flags: read | starred },
  { id: 3, sender: IAGO, channel: 2, topic: '✔ Fixed bug', content: 'see https://example.com', has: ['link'], flags: read | mentioned },
  { id: 4, sender: OTHELLO, channel: 2, topic: '', content: 'an image here', has: ['image', 'attachment'], flags: read | has_alert_word },
  { id: 5, sender: IAGO, channel: 3, topic: `Plans <b> & "x" 'y'`, content: 'secret plans' },
  { id: 6, sender: OTHELLO, dm: [VIEWER, OTHELLO], content: 'hi viewer', flags: 0, others: { [OTHELLO]: read } },
  { id: 7, sender: VIEWER, dm: [VIEWER, OTHELLO], content: 'hello othello', flags: read },
  { id: 8, sender: IAGO, dm: [VIEWER, OTHELLO, IAGO], content: 'hello group', flags: read | topic_wildcard_mentioned },
  { id: 9, sender: VIEWER, dm: [VIEWER], content: 'note to self', flags: read | starred },
  { id: 10, sender: OTHELLO, dm: [OTHELLO, IAGO], content: 'behind your back', others: { [OTHELLO]: 0, [IAGO]: starred } },
  {
    id: 11,
    sender: CORDELIA,
    channel: 1,
    topic: 'Weather',
    content: 'cats and dogs running',
    rendered: '<p class="cats">cats and dogs running</p>',
    flags: read | stream_wildcard_mentioned,
  },
  { id: 12, sender: CORDELIA, channel: 1, topic: 'not ✔ resolved', content: 'prefix elsewhere', flags: read },
];
/** Topic visibility policies (1 muted, 2 unmuted, 3 followed): the viewer's, and another user's that must not count. */
const USER_TOPICS: [user: number, channel: number, topic: string, policy: number][] = [
  [VIEWER, 1, 'WEATHER', 3],
  [VIEWER, 2, '', 1],
  [VIEWER, 1, 'not ✔ resolved', 1],
  [VIEWER, 2, '✔ fixed BUG', 2],
  [OTHELLO, 1, 'weather', 1],
  [OTHELLO, 1, 'not ✔ resolved', 3],
  [OTHELLO, 3, 'plans <b> & "x" \'y\'', 3],
];
/** Reactions: by the viewer, and by others (any reaction counts for has:reaction). */
const REACTIONS: [message: number, user: number][] = [
  [3, OTHELLO],
  [6, VIEWER],
  [6, OTHELLO],
];
const ALL = MESSAGES.map((m) => m.id);
const except = (...ids: number[]) => ALL.filter((id) => !ids.includes(id));

const term = (operator: string, operand: NarrowTerm['operand'], negated = false): NarrowTerm => ({ operator, operand, negated });
const not = (operator: string, operand: NarrowTerm['operand']) => term(operator, operand, true);

describeWithPostgres('narrowWhere on PostgreSQL', () => {
  const schema = `narrow_test_${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
  let client: Client;

  beforeAll(async () => {
    client = new Client({ connectionString: url });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`SET search_path TO ${schema}`);
    for (const file of MIGRATIONS) await client.query(readFileSync(file, 'utf8'));
    for (const m of MESSAGES) {
      await client.query(
        `INSERT INTO messages (id, realm_id, sender_id, kind, channel_id, topic, dm_user_ids, content, rendered_content, has_link, has_image, has_attachment)
         VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          m.id,
          m.sender,
          m.dm ? 'direct' : 'channel',
          m.channel ?? null,
          m.topic ?? '',
          m.dm ?? null,
          m.content,
          m.rendered ?? `<p>${m.content}</p>`,
          !!m.has?.includes('link'),
          !!m.has?.includes('image'),
          !!m.has?.includes('attachment'),
        ],
      );
      const rows = { ...m.others, ...(m.flags === undefined ? {} : { [VIEWER]: m.flags }) };
      for (const [user, flags] of Object.entries(rows)) {
        await client.query('INSERT INTO user_messages (user_id, message_id, flags) VALUES ($1, $2, $3)', [Number(user), m.id, flags]);
      }
    }
    for (const [user, channel, topic, policy] of USER_TOPICS) {
      await client.query('INSERT INTO user_topics (user_id, channel_id, topic, visibility_policy) VALUES ($1, $2, $3, $4)', [user, channel, topic, policy]);
    }
    for (const [message, user] of REACTIONS) {
      await client.query(`INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type) VALUES ($1, $2, 'octopus', '1f419', 'unicode_emoji')`, [message, user]);
    }
  });

  afterAll(async () => {
    if (!client) return;
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  /** The IDs the narrow selects, queried as the messages service does ($1 is the viewer). */
  async function ids(terms: NarrowTerm[], context: NarrowContext = baseContext): Promise<number[]> {
    const params = new SqlParams();
    const viewer = params.add(VIEWER);
    const where = narrowWhere(terms, context, params);
    const { rows } = await client.query<{ id: string }>(
      `SELECT m.id FROM messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ${viewer}
        WHERE ${where} ORDER BY m.id`,
      params.values,
    );
    return rows.map((r) => Number(r.id));
  }

  const cases = (rows: [string, NarrowTerm[], number[]][], context?: Partial<NarrowContext>) =>
    it.each(rows)('%s', async (_name, terms, expected) => {
      expect(await ids(terms, { ...baseContext, ...context })).toEqual(expected);
    });

  it('selects every message for the empty narrow', async () => {
    expect(await ids([])).toEqual(ALL);
  });

  describe('channel, channels, topic', () => {
    cases([
      ['channel by name, any case', [term('channel', 'denmark')], [1, 2, 11, 12]],
      ['stream by ID', [term('stream', 2)], [3, 4]],
      ['-channel keeps direct messages', [not('channel', 'Denmark')], except(1, 2, 11, 12)],
      ['channels:public', [term('channels', 'public')], [1, 2, 3, 4, 11, 12]],
      ['-channels:public', [not('channels', 'public')], [5, 6, 7, 8, 9, 10]],
      ['streams:web-public', [term('streams', 'web-public')], [3, 4]],
      ['topic, any case', [term('topic', 'WEATHER')], [1, 2, 11]],
      ['-topic keeps direct messages', [not('topic', 'weather')], except(1, 2, 11)],
      ['the empty topic, not direct messages', [term('topic', '')], [4]],
      ['"general chat" is the empty topic', [term('topic', 'general chat')], [4]],
      ['-the empty topic', [not('topic', '')], except(4)],
      ['channel and topic', [term('channel', 'Denmark'), term('topic', 'weather')], [1, 2, 11]],
      ['topic in another channel', [term('channel', 'Verona'), term('topic', 'weather')], []],
    ]);
  });

  describe('sender and id', () => {
    cases([
      ['sender by ID', [term('sender', OTHELLO)], [1, 4, 6, 10]],
      ['sender by email, any case', [term('sender', 'OTHELLO@example.com')], [1, 4, 6, 10]],
      ['-sender', [not('sender', OTHELLO)], except(1, 4, 6, 10)],
      ['id', [term('id', 5)], [5]],
      ['id as text', [term('id', '5')], [5]],
      ['-id', [not('id', 5)], except(5)],
      ['id of no message', [term('id', 999)], []],
    ]);
  });

  describe('direct messages', () => {
    cases([
      ['dm with one user: both directions', [term('dm', [OTHELLO])], [6, 7]],
      ['dm by email', [term('dm', 'othello@example.com')], [6, 7]],
      ['pm-with naming the viewer too', [term('pm-with', [OTHELLO, VIEWER])], [6, 7]],
      ['dm with a group: exactly that group', [term('dm', [IAGO, OTHELLO])], [8]],
      ['dm with emails of a group', [term('dm', 'iago@example.com, othello@example.com')], [8]],
      ['dm with the viewer alone: the self conversation', [term('dm', [VIEWER])], [9]],
      ['dm with nobody', [term('dm', [])], []],
      ['dm with no conversation yet', [term('dm', [CORDELIA])], []],
      ['-dm', [not('dm', [OTHELLO])], except(6, 7)],
      ['dm-including another user: 1:1 and groups with the viewer', [term('dm-including', OTHELLO)], [6, 7, 8]],
      ['dm-including by email', [term('dm-including', 'iago@example.com')], [8]],
      ['dm-including the viewer: all their direct messages', [term('dm-including', VIEWER)], [6, 7, 8, 9]],
      ['-dm-including', [not('dm-including', OTHELLO)], except(6, 7, 8)],
      ['group-pm-with', [term('group-pm-with', OTHELLO)], [8]],
      ['is:dm', [term('is', 'dm')], [6, 7, 8, 9, 10]],
      ['is:private', [term('is', 'private')], [6, 7, 8, 9, 10]],
      ['-is:dm', [not('is', 'dm')], [1, 2, 3, 4, 5, 11, 12]],
    ]);
  });

  describe("the viewer's flags", () => {
    cases([
      ["is:starred (not other users' stars)", [term('is', 'starred')], [2, 9]],
      ['-is:starred', [not('is', 'starred')], except(2, 9)],
      ['is:mentioned: direct and wildcard mentions', [term('is', 'mentioned')], [3, 8, 11]],
      ['-is:mentioned', [not('is', 'mentioned')], except(3, 8, 11)],
      ['is:unread needs a row of the viewer', [term('is', 'unread')], [1, 6]],
      ['-is:unread includes messages without a row', [not('is', 'unread')], except(1, 6)],
      ['is:alerted', [term('is', 'alerted')], [4]],
      ['-is:alerted', [not('is', 'alerted')], except(4)],
    ]);
  });

  describe('is:resolved and is:followed', () => {
    cases([
      ['is:resolved: topics starting with the mark', [term('is', 'resolved')], [3]],
      ['-is:resolved', [not('is', 'resolved')], except(3)],
      ["is:followed: the viewer's followed topics, any case", [term('is', 'followed')], [1, 2, 11]],
      ['-is:followed', [not('is', 'followed')], except(1, 2, 11)],
    ]);
  });

  describe('has', () => {
    cases([
      ['has:link', [term('has', 'link')], [3]],
      ['-has:link', [not('has', 'link')], except(3)],
      ['has:image', [term('has', 'image')], [4]],
      ['has:attachment', [term('has', 'attachment')], [4]],
      ['-has:attachment', [not('has', 'attachment')], except(4)],
      ["has:reaction: anyone's reaction", [term('has', 'reaction')], [3, 6]],
      ['-has:reaction', [not('has', 'reaction')], except(3, 6)],
    ]);
  });

  describe('search', () => {
    cases([
      ['a word, in the content or the topic', [term('search', 'weather')], [1, 2, 11]],
      ['stemmed', [term('search', 'running')], [2, 11]],
      ['two search terms: both words', [term('search', 'weather'), term('search', 'sunny')], [1]],
      ['a phrase', [term('search', '"sunny today"')], [1]],
      ['a phrase in the wrong order', [term('search', '"today sunny"')], []],
      ['or', [term('search', 'cats or sunny')], [1, 11]],
      ['only stop words: nothing', [term('search', 'the')], []],
      ['in the topic', [term('search', 'plans')], [5]],
      ['-search', [not('search', 'weather')], except(1, 2, 11)],
      ['with other terms', [term('search', 'weather'), term('sender', CORDELIA)], [11]],
    ]);
  });

  describe('in and near', () => {
    cases([
      ['in:all', [term('in', 'all')], ALL],
      ["in:home leaves out the viewer's muted topics", [term('in', 'home')], except(4, 12)],
      ['-in:home', [not('in', 'home')], [4, 12]],
      ['near filters nothing', [term('near', '3')], ALL],
    ]);
    cases([['in:home leaves out muted channels, but not a topic unmuted there', [term('in', 'home')], except(4, 12)]], { mutedChannelIds: [2] });
    cases(
      [
        ["in:home leaves out a muted channel (another user's follow does not count)", [term('in', 'home')], except(4, 5, 12)],
        ['-in:home, a muted channel', [not('in', 'home')], [4, 5, 12]],
      ],
      { mutedChannelIds: [3] },
    );
  });

  describe('combinations', () => {
    cases([
      ['channel and is:unread', [term('channel', 'Denmark'), term('is', 'unread')], [1]],
      ['-channel and -is:dm', [not('channel', 'Denmark'), not('is', 'dm')], [3, 4, 5]],
      ['sender and -is:dm', [term('sender', OTHELLO), not('is', 'dm')], [1, 4]],
      ['channels:public, -topic, -has:link', [term('channels', 'public'), not('topic', 'weather'), not('has', 'link')], [4, 12]],
      ['is:starred and is:dm', [term('is', 'starred'), term('is', 'dm')], [9]],
      ['channel and a dm negated', [term('channel', 'Denmark'), not('dm', [OTHELLO])], [1, 2, 11, 12]],
      ['as parsed from the wire', parseNarrow('[["stream","Denmark"],{"operator":"is","operand":"starred","negated":true}]'), [1, 11, 12]],
    ]);
  });

  describe('with', () => {
    async function target(id: number): Promise<WithTarget | undefined> {
      const { rows } = await client.query('SELECT kind, channel_id, topic, dm_user_ids FROM messages WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) return undefined;
      return row.kind === 'channel' ? { kind: 'channel', channel_id: row.channel_id, topic: row.topic } : { kind: 'direct', dm_user_ids: row.dm_user_ids };
    }

    it('narrows to the channel and topic of the message, whatever conversation the narrow named', async () => {
      const terms = [term('channel', 'Verona'), term('topic', 'old'), term('with', 2)];
      expect(await ids(resolveWithOperator(terms, await target(2)))).toEqual([1, 2, 11]);
    });

    it('narrows to the direct-message conversation of the message, keeping the other terms', async () => {
      expect(await ids(resolveWithOperator([term('with', 8), term('sender', IAGO)], await target(8)))).toEqual([8]);
    });
  });

  describe('searchHighlights', () => {
    async function highlights(search: string, id: number): Promise<{ match_content: string; match_subject: string }> {
      const terms = [term('search', search)];
      const params = new SqlParams();
      const viewer = params.add(VIEWER);
      const h = searchHighlights(terms, params);
      if (!h) throw new Error('no highlights');
      const where = narrowWhere(terms, baseContext, params);
      const { rows } = await client.query(
        `SELECT ${h.content} AS match_content, ${h.subject} AS match_subject
           FROM messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ${viewer}
          WHERE ${where} AND m.id = ${params.add(id)}`,
        params.values,
      );
      return rows[0];
    }

    it('wraps matching words of the content in highlight spans', async () => {
      expect(await highlights('sunny', 1)).toEqual({
        match_content: '<p>The weather is <span class="highlight">sunny</span> today</p>',
        match_subject: 'Weather',
      });
    });

    it('highlights the topic, and stemmed forms', async () => {
      expect(await highlights('weather', 1)).toEqual({
        match_content: '<p>The <span class="highlight">weather</span> is sunny today</p>',
        match_subject: '<span class="highlight">Weather</span>',
      });
      expect((await highlights('run', 2)).match_content).toBe('<p><span class="highlight">Running</span> late</p>');
    });

    it('leaves HTML tags and their attributes alone', async () => {
      expect((await highlights('cats', 11)).match_content).toBe('<p class="cats"><span class="highlight">cats</span> and dogs running</p>');
    });

    it('gives the topic HTML-escaped', async () => {
      expect((await highlights('plans', 5)).match_subject).toBe('<span class="highlight">Plans</span> &lt;b&gt; &amp; &quot;x&quot; &#39;y&#39;');
    });
  });

  it('uses the indexes for the main narrows (sequential scans off: the fixture is tiny)', async () => {
    await client.query('SET enable_seqscan = off');
    try {
      const plan = async (terms: NarrowTerm[]) => {
        const params = new SqlParams();
        const viewer = params.add(VIEWER);
        const { rows } = await client.query(
          `EXPLAIN SELECT m.id FROM messages m LEFT JOIN user_messages um ON um.message_id = m.id AND um.user_id = ${viewer}
            WHERE ${narrowWhere(terms, baseContext, params)}`,
          params.values,
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      expect(await plan([term('channel', 1), term('topic', 'weather')])).toMatch(/messages_channel_topic/);
      expect(await plan([term('dm', [OTHELLO])])).toMatch(/messages_direct/);
      expect(await plan([term('search', 'weather')])).toMatch(/messages_search/);
    } finally {
      await client.query('RESET enable_seqscan');
    }
  });
});
