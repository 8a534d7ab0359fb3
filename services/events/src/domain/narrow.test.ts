import type { NarrowTerm } from '../store/queue-store';
import { narrowAdmits, parseNarrow } from './narrow';

const term = (operator: string, operand: NarrowTerm['operand'], negated = false): NarrowTerm => ({ operator, operand, negated });

/** A message event in channel #Denmark (id 7), topic "Castle", sent by user 10. */
function channelMessage(message: Record<string, unknown> = {}, flags: string[] = []) {
  return {
    type: 'message',
    flags,
    message: {
      type: 'stream',
      id: 100,
      stream_id: 7,
      display_recipient: 'Denmark',
      subject: 'Castle',
      sender_id: 10,
      sender_email: 'Iago@zulip.com',
      ...message,
    },
  };
}

/** A direct message event among users 10 (the sender), 11 and 12. */
function directMessage(recipients = [10, 11, 12], flags: string[] = []) {
  const emails: Record<number, string> = { 10: 'iago@zulip.com', 11: 'Hamlet@zulip.com', 12: 'cordelia@zulip.com' };
  return {
    type: 'message',
    flags,
    message: {
      type: 'private',
      id: 101,
      sender_id: 10,
      sender_email: 'iago@zulip.com',
      display_recipient: recipients.map((id) => ({ id, email: emails[id] })),
    },
  };
}

/** As seen by user 10's queue. */
const admits = (narrow: NarrowTerm[], event: Record<string, unknown>) => narrowAdmits(narrow, event, 10);

describe('parseNarrow', () => {
  it('reads [operator, operand] pairs as terms that are not negated', () => {
    expect(
      parseNarrow([
        ['channel', 'Denmark'],
        ['topic', 'Castle'],
      ]),
    ).toEqual([term('channel', 'Denmark'), term('topic', 'Castle')]);
  });

  it('reads {operator, operand, negated} objects, negated only when exactly true', () => {
    expect(
      parseNarrow([
        { operator: 'is', operand: 'dm', negated: true },
        { operator: 'sender', operand: 10 },
        { operator: 'topic', operand: 'x', negated: 'yes' },
      ]),
    ).toEqual([term('is', 'dm', true), term('sender', 10), term('topic', 'x')]);
  });

  it('keeps number and number-list operands', () => {
    expect(
      parseNarrow([
        ['channel', 7],
        ['dm', [11, 12]],
      ]),
    ).toEqual([term('channel', 7), term('dm', [11, 12])]);
  });

  it('drops what else a term carries', () => {
    expect(parseNarrow([{ operator: 'id', operand: 5, extra: 'x' }])).toEqual([term('id', 5)]);
  });

  it('reads an empty narrow as no terms', () => {
    expect(parseNarrow([])).toEqual([]);
  });

  const OPERATORS = ['channel', 'stream', 'channels', 'streams', 'topic', 'sender', 'dm', 'pm-with', 'dm-including', 'is', 'search', 'id', 'has', 'near', 'with'];
  it.each(OPERATORS)('knows the operator %s', (operator) => {
    expect(parseNarrow([[operator, 'x']])).toEqual([term(operator, 'x')]);
  });

  it.each([{}, 'channel', null, 7])('refuses %p, which is not a list, with BAD_REQUEST', (raw) => {
    expect(() => parseNarrow(raw)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', httpStatus: 400, message: 'narrow is not a list' }));
  });

  it.each([
    ['an unknown operator', ['bogus', 'x']],
    ['an operator that is not a string', [1, 'x']],
    ['an operator in the wrong case', ['Channel', 'x']],
    ['a bare string', 'channel'],
    ['null', null],
    ['an object without an operator', { operand: 'x' }],
  ])('refuses %s with BAD_REQUEST naming its index', (_what, bad) => {
    expect(() => parseNarrow([['channel', 'Denmark'], bad])).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Invalid narrow[1]' }));
  });

  it.each([
    ['a missing operand', ['topic']],
    ['null', ['topic', null]],
    ['a boolean', ['topic', true]],
    ['an object', ['channel', { id: 7 }]],
    ['a list of strings', ['dm', ['hamlet@zulip.com']]],
  ])('refuses %s as operand with BAD_REQUEST naming the index', (_what, bad) => {
    expect(() => parseNarrow([['is', 'dm'], ['is', 'starred'], bad])).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', message: 'Invalid narrow[2]: bad operand' }));
  });
});

describe('narrowAdmits', () => {
  it('admits every event when the narrow is empty', () => {
    expect(admits([], channelMessage())).toBe(true);
    expect(admits([], directMessage())).toBe(true);
    expect(admits([], { type: 'typing' })).toBe(true);
  });

  it('admits events other than messages whatever the narrow', () => {
    const narrow = [term('channel', 'Verona'), term('is', 'starred'), term('sender', 99, true)];
    expect(admits(narrow, { type: 'subscription', op: 'add' })).toBe(true);
    expect(admits(narrow, { type: 'update_message', stream_id: 7 })).toBe(true);
  });

  describe('channel', () => {
    it.each([7, '7', 'Denmark', 'denmark', 'DENMARK'])('admits the channel named or numbered %p', (operand) => {
      expect(admits([term('channel', operand)], channelMessage())).toBe(true);
      expect(admits([term('stream', operand)], channelMessage())).toBe(true);
    });

    it.each([8, 'Verona', 'Denmar'])('refuses another channel, %p', (operand) => {
      expect(admits([term('channel', operand)], channelMessage())).toBe(false);
    });

    it('refuses direct messages', () => {
      expect(admits([term('channel', 'Denmark')], directMessage())).toBe(false);
    });

    it('reads channels:public as channel messages only', () => {
      expect(admits([term('channels', 'public')], channelMessage())).toBe(true);
      expect(admits([term('streams', 'public')], channelMessage())).toBe(true);
      expect(admits([term('channels', 'public')], directMessage())).toBe(false);
    });
  });

  describe('topic', () => {
    it('admits the topic, whatever its case', () => {
      expect(admits([term('topic', 'castle')], channelMessage())).toBe(true);
      expect(admits([term('topic', 'Moat')], channelMessage())).toBe(false);
    });

    it('reads the topic from `topic` when there is no `subject`', () => {
      expect(admits([term('topic', 'Moat')], channelMessage({ subject: undefined, topic: 'moat' }))).toBe(true);
    });

    it('refuses direct messages', () => {
      expect(admits([term('topic', 'Castle')], directMessage())).toBe(false);
    });
  });

  describe('sender', () => {
    it.each([10, '10', 'iago@zulip.com', 'IAGO@zulip.com'])('admits messages sent by %p', (operand) => {
      expect(admits([term('sender', operand)], channelMessage())).toBe(true);
      expect(admits([term('sender', operand)], directMessage())).toBe(true);
    });

    it.each([11, 'hamlet@zulip.com'])('refuses messages not sent by %p', (operand) => {
      expect(admits([term('sender', operand)], channelMessage())).toBe(false);
    });
  });

  describe('dm', () => {
    it('admits the conversation named by a list of user ids', () => {
      expect(admits([term('dm', [11, 12])], directMessage())).toBe(true);
      expect(admits([term('pm-with', [11, 12])], directMessage())).toBe(true);
      expect(admits([term('dm', [11, 13])], directMessage())).toBe(false);
    });

    it('admits the conversation named by emails, comma-separated, whatever their case', () => {
      expect(admits([term('dm', 'hamlet@zulip.com')], directMessage([10, 11]))).toBe(true);
      expect(admits([term('dm', 'HAMLET@zulip.com, cordelia@zulip.com')], directMessage())).toBe(true);
      expect(admits([term('dm', 'cordelia@zulip.com')], directMessage([10, 11]))).toBe(false);
    });

    it('refuses channel messages', () => {
      expect(admits([term('dm', [10])], channelMessage())).toBe(false);
    });

    it('does not admit a group DM into a narrow to a one-to-one conversation', () => {
      expect(admits([term('dm', [11])], directMessage([10, 11, 12]))).toBe(false);
      expect(admits([term('dm', [11])], directMessage([10, 11]))).toBe(true);
      expect(admits([term('dm-including', 11)], directMessage([10, 11, 12]))).toBe(true);
    });

    it('matches is:mentioned on wildcard mentions and is:alerted on alert words', () => {
      expect(admits([term('is', 'mentioned')], directMessage([10, 11], ['stream_wildcard_mentioned']))).toBe(true);
      expect(admits([term('is', 'alerted')], directMessage([10, 11], ['has_alert_word']))).toBe(true);
      expect(admits([term('is', 'alerted')], directMessage([10, 11], []))).toBe(false);
    });
  });

  describe('dm-including', () => {
    it.each([12, 'cordelia@zulip.com', 'Cordelia@Zulip.com', [12]])('admits DMs that include %p', (operand) => {
      expect(admits([term('dm-including', operand)], directMessage())).toBe(true);
    });

    it('refuses DMs without the user, and channel messages', () => {
      expect(admits([term('dm-including', 13)], directMessage())).toBe(false);
      expect(admits([term('dm-including', 10)], channelMessage())).toBe(false);
    });
  });

  describe('is', () => {
    it.each(['dm', 'private'])('is:%s admits direct messages only', (operand) => {
      expect(admits([term('is', operand)], directMessage())).toBe(true);
      expect(admits([term('is', operand)], channelMessage())).toBe(false);
    });

    it('is:starred admits messages flagged starred', () => {
      expect(admits([term('is', 'starred')], channelMessage({}, ['read', 'starred']))).toBe(true);
      expect(admits([term('is', 'starred')], channelMessage({}, ['read']))).toBe(false);
    });

    it('is:unread admits messages without the read flag', () => {
      expect(admits([term('is', 'unread')], channelMessage({}, []))).toBe(true);
      expect(admits([term('is', 'unread')], channelMessage({}, ['starred']))).toBe(true);
      expect(admits([term('is', 'unread')], channelMessage({}, ['read']))).toBe(false);
    });

    it('reads a message event without flags as unread and unstarred', () => {
      const { flags: _flags, ...event } = channelMessage();
      expect(admits([term('is', 'unread')], event)).toBe(true);
      expect(admits([term('is', 'starred')], event)).toBe(false);
    });
  });

  it('admits by message id', () => {
    expect(admits([term('id', 100)], channelMessage())).toBe(true);
    expect(admits([term('id', '100')], channelMessage())).toBe(true);
    expect(admits([term('id', 101)], channelMessage())).toBe(false);
  });

  it.each(['search', 'has', 'near', 'with'])('leaves %s to the client, admitting every message', (operator) => {
    expect(admits([term(operator, 'anything')], channelMessage())).toBe(true);
  });

  it('admits only what every term admits', () => {
    expect(admits([term('channel', 'Denmark'), term('topic', 'Castle')], channelMessage())).toBe(true);
    expect(admits([term('channel', 'Denmark'), term('topic', 'Moat')], channelMessage())).toBe(false);
  });

  describe('negation', () => {
    it('turns a term around', () => {
      expect(admits([term('channel', 'Denmark', true)], channelMessage())).toBe(false);
      expect(admits([term('channel', 'Verona', true)], channelMessage())).toBe(true);
      expect(admits([term('is', 'dm', true)], directMessage())).toBe(false);
      expect(admits([term('is', 'dm', true)], channelMessage())).toBe(true);
    });

    it('combines with plain terms', () => {
      const narrow = [term('channel', 'Denmark'), term('topic', 'Castle', true)];
      expect(admits(narrow, channelMessage({ subject: 'Moat' }))).toBe(true);
      expect(admits(narrow, channelMessage())).toBe(false);
    });
  });

  it('refuses, without failing, a message event that carries no message', () => {
    expect(admits([term('channel', 'Denmark')], { type: 'message' })).toBe(false);
    expect(admits([term('channel', 'Denmark', true)], { type: 'message' })).toBe(true);
  });
});
