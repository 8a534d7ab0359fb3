import { checkChannelDescription, checkChannelName, checkTopicsPolicy, parseRetention } from './text';

describe('channel names', () => {
  it('trims and keeps names up to max_stream_name_length characters (not bytes)', () => {
    expect(checkChannelName('  general  ')).toBe('general');
    expect(checkChannelName('é'.repeat(60))).toBe('é'.repeat(60));
  });

  it.each([
    ['', "Channel name can't be empty."],
    ['   ', "Channel name can't be empty."],
    ['x'.repeat(61), 'Channel name too long (limit: 60 characters).'],
    ['bad\u0000name', 'Invalid character in channel name, at position 4.'],
    ['tab\there', 'Invalid character in channel name, at position 4.'],
    ['del\u007f', 'Invalid character in channel name, at position 4.'],
  ])('refuses %j', (name, msg) => {
    expect(() => checkChannelName(name)).toThrow(msg);
  });
});

describe('channel descriptions', () => {
  it('folds newlines into spaces and allows up to max_stream_description_length', () => {
    expect(checkChannelDescription('one\ntwo\r\nthree')).toBe('one two three');
    expect(checkChannelDescription('d'.repeat(1024))).toHaveLength(1024);
    expect(() => checkChannelDescription('d'.repeat(1025))).toThrow('Channel description too long (limit: 1024 characters).');
    expect(() => checkChannelDescription('bell\u0007')).toThrow('Invalid character in channel description');
  });
});

describe('message_retention_days', () => {
  it.each([
    ['30', 30],
    ['"30"', 30],
    ['realm_default', null],
    ['"realm_default"', null],
    ['unlimited', -1],
    ['"unlimited"', -1],
  ])('reads %s', (raw, value) => {
    expect(parseRetention(raw)).toBe(value);
  });

  it.each(['forever', '"forever"', '0', '-1', '1.5', 'soon', ''])('refuses %j (forever was replaced by unlimited at feature level 91)', (raw) => {
    expect(() => parseRetention(raw)).toThrow(`Bad value for 'message_retention_days': ${raw}`);
  });
});

describe('topics_policy', () => {
  it('takes the four policies only', () => {
    for (const p of ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only']) expect(checkTopicsPolicy(p)).toBe(p);
    expect(() => checkTopicsPolicy('anything')).toThrow("Invalid topics_policy: 'anything'");
  });
});
