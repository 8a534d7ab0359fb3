import { checkEmoji, emojiDataForName, normalizeReactionType, unicodeEmojiCode, unicodeEmojiCodeOf } from './emoji';

describe('unicodeEmojiCode', () => {
  it('writes code points as Zulip does: lower case, dash-separated, without U+FE0F', () => {
    expect(unicodeEmojiCode('1F604')).toBe('1f604');
    expect(unicodeEmojiCode('2764-FE0F')).toBe('2764');
    expect(unicodeEmojiCode('1F3F3-FE0F-200D-1F308')).toBe('1f3f3-200d-1f308');
    expect(unicodeEmojiCode('0023-FE0F-20E3')).toBe('0023-20e3');
  });
});

describe('emojiDataForName', () => {
  it('finds Unicode emoji by any of their names', () => {
    expect(emojiDataForName('car')).toEqual({ emoji_code: '1f697', reaction_type: 'unicode_emoji' });
    expect(emojiDataForName('red_car')).toEqual({ emoji_code: '1f697', reaction_type: 'unicode_emoji' });
    expect(emojiDataForName('smile')).toEqual({ emoji_code: '1f604', reaction_type: 'unicode_emoji' });
    expect(emojiDataForName('heart')).toEqual({ emoji_code: '2764', reaction_type: 'unicode_emoji' });
    expect(emojiDataForName('rainbow-flag')).toEqual({ emoji_code: '1f3f3-200d-1f308', reaction_type: 'unicode_emoji' });
    expect(emojiDataForName('+1')).toEqual({ emoji_code: '1f44d', reaction_type: 'unicode_emoji' });
  });

  it('finds Zulip\'s extra emoji, whose code is its name', () => {
    expect(emojiDataForName('zulip')).toEqual({ emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
  });

  it('refuses a name no emoji has, quoting it', () => {
    expect(() => emojiDataForName('invalid')).toThrow("Emoji 'invalid' does not exist");
    expect(() => emojiDataForName('Car')).toThrow("Emoji 'Car' does not exist");
    expect(() => emojiDataForName('1f697')).toThrow("Emoji '1f697' does not exist");
  });
});

describe('checkEmoji', () => {
  it('accepts a Unicode emoji whose name and code agree', () => {
    expect(checkEmoji('car', '1f697', 'unicode_emoji')).toEqual({ emoji_code: '1f697', reaction_type: 'unicode_emoji' });
    expect(checkEmoji('red_car', '1f697', 'unicode_emoji')).toEqual({ emoji_code: '1f697', reaction_type: 'unicode_emoji' });
  });

  it('refuses an unknown code before a mismatched name', () => {
    expect(() => checkEmoji('car', '1F697', 'unicode_emoji')).toThrow('Invalid emoji code.');
    expect(() => checkEmoji('heart', '2764-fe0f', 'unicode_emoji')).toThrow('Invalid emoji code.');
    expect(() => checkEmoji('nope', 'zzz', 'unicode_emoji')).toThrow('Invalid emoji code.');
    expect(() => checkEmoji('smile', '1f697', 'unicode_emoji')).toThrow('Invalid emoji name.');
    expect(() => checkEmoji('invalid', '1f697', 'unicode_emoji')).toThrow('Invalid emoji name.');
  });

  it('accepts only zulip among the extra emoji, by its own name', () => {
    expect(checkEmoji('zulip', 'zulip', 'zulip_extra_emoji')).toEqual({ emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    expect(() => checkEmoji('zulip', '1f697', 'zulip_extra_emoji')).toThrow('Invalid emoji code.');
    expect(() => checkEmoji('car', 'zulip', 'zulip_extra_emoji')).toThrow('Invalid emoji name.');
  });

  it('finds no custom emoji: there are none yet', () => {
    expect(() => checkEmoji('party', '1', 'realm_emoji')).toThrow('Invalid custom emoji.');
    expect(() => checkEmoji('car', '1f697', 'realm_emoji')).toThrow('Invalid custom emoji.');
  });

  it('refuses any other type', () => {
    expect(() => checkEmoji('car', '1f697', 'emoji')).toThrow('Invalid emoji type.');
    expect(() => checkEmoji('zulip', 'zulip', 'service_extra_emoji')).toThrow('Invalid emoji type.');
  });

  it('throws BAD_REQUEST errors', () => {
    expect(() => checkEmoji('car', 'x', 'unicode_emoji')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', httpStatus: 400 }));
  });
});

describe('normalizeReactionType', () => {
  it('reads the spec\'s service_extra_emoji as zulip_extra_emoji and leaves the rest', () => {
    expect(normalizeReactionType('service_extra_emoji')).toBe('zulip_extra_emoji');
    for (const t of ['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji', 'other']) expect(normalizeReactionType(t)).toBe(t);
  });
});

describe('unicodeEmojiCodeOf', () => {
  it('has no entry for names that are not emoji', () => {
    expect(unicodeEmojiCodeOf('zulip')).toBeUndefined();
    expect(unicodeEmojiCodeOf('')).toBeUndefined();
  });
});
