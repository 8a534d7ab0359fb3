import { BadRequestError } from '@parley/common';
import type { NarrowContext } from './context';
import { NarrowTerm, parseNarrow } from './parse';
import { SqlParams } from './params';
import { narrowWhere } from './sql';
import { searchHighlights } from './search';

const VIEWER = 10;

// Users by ID or lower-cased email.
const USERS: Record<string, number> = { 10: 10, 11: 11, 12: 12, 'othello@example.com': 11 };

const ctx: NarrowContext = {
  viewerId: VIEWER,
  channel: (operand) => (operand === 1 || String(operand).toLowerCase() === 'denmark' ? { stream_id: 1, name: 'Denmark' } : undefined),
  user: (operand) => {
    const id = USERS[String(operand).toLowerCase()];
    return id === undefined ? undefined : { user_id: id };
  },
  publicChannelIds: [1, 2],
  webPublicChannelIds: [2],
  mutedChannelIds: [],
};

const term = (operator: string, operand: NarrowTerm['operand'], negated = false): NarrowTerm => ({ operator, operand, negated });

function build(terms: NarrowTerm[], context = ctx, startAt?: number) {
  const params = new SqlParams(startAt);
  return { sql: narrowWhere(terms, context, params), values: params.values };
}

function thrown(fn: () => unknown): { code?: string; message?: string; extra?: unknown } {
  try {
    fn();
  } catch (e) {
    return e as BadRequestError;
  }
  throw new Error('did not throw');
}

describe('SqlParams', () => {
  it('numbers parameters from 1, or from startAt', () => {
    const params = new SqlParams();
    expect([params.add('a'), params.add(2)]).toEqual(['$1', '$2']);
    expect(params.values).toEqual(['a', 2]);
    const later = new SqlParams(4);
    expect(later.add(null)).toBe('$4');
    expect(later.values).toEqual([null]);
  });
});

describe('narrowWhere: shape', () => {
  it('is TRUE for the empty narrow, with no parameters', () => {
    expect(build([])).toEqual({ sql: 'TRUE', values: [] });
  });

  it('passes operands as parameters, never in the SQL text', () => {
    const { sql, values } = build([term('topic', "x'); DROP TABLE messages; --")]);
    expect(sql).toBe(`(m.kind = 'channel' AND lower(m.topic) = lower($1::text))`);
    expect(values).toEqual(["x'); DROP TABLE messages; --"]);
  });

  it('ANDs the terms in order and numbers parameters from startAt', () => {
    const { sql, values } = build([term('channel', 'denmark'), term('sender', 11)], ctx, 3);
    expect(sql).toBe(`(m.kind = 'channel' AND m.channel_id = $3) AND (m.sender_id = $4)`);
    expect(values).toEqual([1, 11]);
  });

  it('negates a term with NOT around its whole condition', () => {
    expect(build([term('channel', 1, true)]).sql).toBe(`(NOT (m.kind = 'channel' AND m.channel_id = $1))`);
    expect(build([term('is', 'starred', true)]).sql).toBe(`(NOT ((COALESCE(um.flags, 0) & 2) <> 0))`);
  });

  it('keeps is:unread in the form of the partial index user_messages_unread', () => {
    expect(build([term('is', 'unread')]).sql).toBe('(um.user_id IS NOT NULL AND (um.flags & 1) = 0)');
  });

  it('gives dm the sorted participants with the viewer', () => {
    expect(build([term('dm', [12, 11])])).toEqual({ sql: `(m.kind = 'direct' AND m.dm_user_ids = $1::int[])`, values: [[10, 11, 12]] });
    expect(build([term('pm-with', 'Othello@example.com')]).values).toEqual([[10, 11]]);
    expect(build([term('dm', [VIEWER])]).values).toEqual([[10]]);
  });

  it('matches nothing for a dm naming nobody, as Zulip', () => {
    expect(build([term('dm', [])])).toEqual({ sql: '(FALSE)', values: [] });
  });

  it('gives channels:public and channels:web-public their channel lists', () => {
    expect(build([term('channels', 'public')]).values).toEqual([[1, 2]]);
    expect(build([term('streams', 'web-public')]).values).toEqual([[2]]);
  });

  it('adds no condition for near nor in:all, even negated', () => {
    expect(build([term('near', '5'), term('in', 'all', true)]).sql).toBe('TRUE');
  });

  it('gives in:home the viewer (for their muted topics) and their muted channels', () => {
    expect(build([term('in', 'home')]).values).toEqual([VIEWER]);
    expect(build([term('in', 'home')], { ...ctx, mutedChannelIds: [2] }).values).toEqual([VIEWER, [2]]);
  });

  it('puts search terms last, the positive ones together', () => {
    const { sql, values } = build([term('search', 'cats'), term('sender', 11), term('search', 'dogs'), term('search', 'fish', true)]);
    expect(sql).toBe(`(m.sender_id = $1) AND (m.search_tsv @@ websearch_to_tsquery('english', $2::text)) AND (NOT (m.search_tsv @@ websearch_to_tsquery('english', $3::text)))`);
    expect(values).toEqual([11, 'cats dogs', 'fish']);
  });

  it('reads the topic "general chat" as the empty topic', () => {
    expect(build([term('topic', 'general chat')]).values).toEqual(['']);
  });

  it('passes a message ID as text cast to bigint', () => {
    expect(build([term('id', 42)])).toEqual({ sql: '(m.id = $1::bigint)', values: ['42'] });
  });

  it('refuses an unresolved with term as a programming error', () => {
    expect(() => build([term('with', 5)])).toThrow(/resolveWithOperator/);
  });
});

describe('narrowWhere: refusals', () => {
  it.each([
    [[term('bogus', 'x')], 'unknown operator bogus'],
    [[term('toString', 'x')], 'unknown operator toString'],
    [[term('channel', 'Nowhere')], 'unknown channel Nowhere'],
    [[term('stream', 99)], 'unknown channel 99'],
    [[term('channels', 'private')], 'unknown channels operand private'],
    [[term('sender', 'nobody@example.com')], 'unknown user nobody@example.com'],
    [[term('sender', 99)], 'unknown user 99'],
    [[term('dm-including', 99)], 'unknown user 99'],
    [[term('dm', [11, 99])], 'unknown user in [11, 99]'],
    [[term('dm', 'othello@example.com,nobody@example.com')], 'unknown user in othello@example.com,nobody@example.com'],
    [[term('is', 'muted')], "unknown 'is' operand muted"],
    [[term('has', 'emoji')], "unknown 'has' operand emoji"],
    [[term('in', 'nowhere')], "unknown 'in' operand nowhere"],
    [[term('id', 'abc')], 'Invalid message ID'],
    [[term('id', -1)], 'Invalid message ID'],
    [[term('id', '99999999999999999999')], 'Invalid message ID'],
    [[term('channel', 1), term('dm', [11])], 'No message can be both a channel message and direct message'],
    [[term('is', 'dm'), term('topic', 'x')], 'No message can be both a channel message and direct message'],
    [[term('is', 'private', true), term('dm-including', 11)], 'No message can be both a channel message and direct message'],
  ])('refuses %j: "Invalid narrow operator: %s"', (terms, desc) => {
    expect(thrown(() => build(terms))).toMatchObject({ code: 'BAD_NARROW', message: `Invalid narrow operator: ${desc}`, extra: { desc } });
  });

  it('allows a channel narrow with negated DM terms', () => {
    expect(() => build([term('channel', 1), term('dm', [11], true), term('is', 'dm', true)])).not.toThrow();
  });

  it('checks terms in order: the first bad one names the error', () => {
    expect(thrown(() => build([term('channel', 'Nowhere'), term('bogus', 'x')])).message).toBe('Invalid narrow operator: unknown channel Nowhere');
  });

  it('works on what parseNarrow gives', () => {
    expect(build(parseNarrow('[["stream","Denmark"],{"operator":"is","operand":"unread","negated":true}]')).values).toEqual([1]);
  });
});

describe('searchHighlights', () => {
  it('is undefined without a positive search term', () => {
    expect(searchHighlights([term('channel', 1)], new SqlParams())).toBeUndefined();
    expect(searchHighlights([term('search', 'x', true)], new SqlParams())).toBeUndefined();
  });

  it('highlights the joined positive search text in the content and the escaped topic', () => {
    const params = new SqlParams(2);
    const highlights = searchHighlights([term('search', 'cats'), term('search', 'dogs')], params);
    expect(params.values).toEqual(['cats dogs']);
    expect(highlights?.content).toContain(`ts_headline('english', m.rendered_content, websearch_to_tsquery('english', $2::text)`);
    expect(highlights?.content).toContain(`StartSel=''<span class="highlight">'', StopSel=</span>`);
    expect(highlights?.subject).toContain(`'&lt;'`);
  });
});
