import { BadRequestError } from './errors';
import { emojiApiData, unicodeEmojiCode, unicodeEmojiCodeOf, unicodeEmojiNameOf } from './emoji';
import { checkEmoji as check, emojiDataForName as dataFor, NO_REALM_EMOJI, normalizeReactionType, RealmEmojiLookup } from './emoji-check';

const checkEmoji = (name: string, code: string, type: string, realm: RealmEmojiLookup = NO_REALM_EMOJI) => check(name, code, type, realm);
const emojiDataForName = (name: string, realm: RealmEmojiLookup = NO_REALM_EMOJI) => dataFor(name, realm);

/** A realm whose custom emoji are these (as the uploads service would check them). */
function realmWith(emoji: { id: string; name: string; deactivated?: boolean }[]): RealmEmojiLookup {
  return {
    async check(name, code) {
      const found = emoji.find((e) => e.id === code);
      if (!found) throw new BadRequestError('Invalid custom emoji.');
      if (found.name !== name) throw new BadRequestError('Invalid custom emoji name.');
      if (found.deactivated) throw new BadRequestError('This custom emoji has been deactivated.');
    },
    codeOf: async (name) => emoji.find((e) => e.name === name && !e.deactivated)?.id,
  };
}

describe('unicodeEmojiCode', () => {
  it('writes code points as Zulip does: lower case, dash-separated, without U+FE0F', () => {
    expect(unicodeEmojiCode('1F604')).toBe('1f604');
    expect(unicodeEmojiCode('2764-FE0F')).toBe('2764');
    expect(unicodeEmojiCode('1F3F3-FE0F-200D-1F308')).toBe('1f3f3-200d-1f308');
    expect(unicodeEmojiCode('0023-FE0F-20E3')).toBe('0023-20e3');
  });
});

describe('emojiDataForName', () => {
  it("finds Unicode emoji by any of Zulip's names for them", async () => {
    const unicode = (emoji_code: string) => ({ emoji_code, reaction_type: 'unicode_emoji' });
    expect(await emojiDataForName('car')).toEqual(unicode('1f697'));
    expect(await emojiDataForName('smile')).toEqual(unicode('1f642'));
    expect(await emojiDataForName('big_smile')).toEqual(unicode('1f604'));
    expect(await emojiDataForName('heart')).toEqual(unicode('2764'));
    expect(await emojiDataForName('rainbow_flag')).toEqual(unicode('1f3f3-200d-1f308'));
    for (const name of ['+1', 'thumbs_up', 'like']) expect(await emojiDataForName(name)).toEqual(unicode('1f44d'));
    expect(await emojiDataForName('kiwi')).toEqual(unicode('1f95d'));
    expect(await emojiDataForName('gold')).toEqual(unicode('1f947'));
  });

  it("refuses emoji-datasource's names that Zulip does not have", async () => {
    for (const name of ['red_car', 'thumbsup', 'rainbow-flag', 'kiwifruit', 'first_place_medal']) {
      await expect(emojiDataForName(name)).rejects.toThrow(`Emoji '${name}' does not exist`);
    }
  });

  it("finds Zulip's extra emoji, whose code is its name", async () => {
    expect(await emojiDataForName('zulip')).toEqual({ emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
  });

  it('finds active custom emoji first, even over a Unicode name', async () => {
    const realm = realmWith([
      { id: '3', name: 'car' },
      { id: '4', name: 'party' },
      { id: '5', name: 'smile', deactivated: true },
    ]);
    expect(await emojiDataForName('car', realm)).toEqual({ emoji_code: '3', reaction_type: 'realm_emoji' });
    expect(await emojiDataForName('party', realm)).toEqual({ emoji_code: '4', reaction_type: 'realm_emoji' });
    expect(await emojiDataForName('smile', realm)).toEqual({ emoji_code: '1f642', reaction_type: 'unicode_emoji' });
  });

  it('refuses a name no emoji has, quoting it', async () => {
    await expect(emojiDataForName('invalid')).rejects.toThrow("Emoji 'invalid' does not exist");
    await expect(emojiDataForName('Car')).rejects.toThrow("Emoji 'Car' does not exist");
    await expect(emojiDataForName('1f697')).rejects.toThrow("Emoji '1f697' does not exist");
  });
});

describe('checkEmoji', () => {
  it('accepts a Unicode emoji whose name and code agree', async () => {
    expect(await checkEmoji('car', '1f697', 'unicode_emoji')).toEqual({ emoji_code: '1f697', reaction_type: 'unicode_emoji' });
  });

  it("accepts any of Zulip's names for the code, aliases too, as Zulip compares through name_to_codepoint", async () => {
    for (const name of ['+1', 'thumbs_up', 'like']) {
      expect(await checkEmoji(name, '1f44d', 'unicode_emoji')).toEqual({ emoji_code: '1f44d', reaction_type: 'unicode_emoji' });
    }
    expect(await checkEmoji('woman_detective', '1f575-fe0f-200d-2640-fe0f', 'unicode_emoji')).toEqual({ emoji_code: '1f575-fe0f-200d-2640-fe0f', reaction_type: 'unicode_emoji' });
  });

  it('refuses names Zulip does not have, and codes Zulip does not name', async () => {
    await expect(checkEmoji('thumbsup', '1f44d', 'unicode_emoji')).rejects.toThrow('Invalid emoji name.');
    await expect(checkEmoji('red_car', '1f697', 'unicode_emoji')).rejects.toThrow('Invalid emoji name.');
    await expect(checkEmoji('smile', '1f604', 'unicode_emoji')).rejects.toThrow('Invalid emoji name.');
    // Lime (U+1F34B U+200D U+1F7E9) is in emoji-datasource, but Zulip gives it no name.
    await expect(checkEmoji('lime', '1f34b-200d-1f7e9', 'unicode_emoji')).rejects.toThrow('Invalid emoji code.');
  });

  it('refuses an unknown code before a mismatched name', async () => {
    await expect(checkEmoji('car', '1F697', 'unicode_emoji')).rejects.toThrow('Invalid emoji code.');
    await expect(checkEmoji('heart', '2764-fe0f', 'unicode_emoji')).rejects.toThrow('Invalid emoji code.');
    await expect(checkEmoji('nope', 'zzz', 'unicode_emoji')).rejects.toThrow('Invalid emoji code.');
    await expect(checkEmoji('smile', '1f697', 'unicode_emoji')).rejects.toThrow('Invalid emoji name.');
    await expect(checkEmoji('invalid', '1f697', 'unicode_emoji')).rejects.toThrow('Invalid emoji name.');
  });

  it('accepts only zulip among the extra emoji, by its own name', async () => {
    expect(await checkEmoji('zulip', 'zulip', 'zulip_extra_emoji')).toEqual({ emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
    await expect(checkEmoji('zulip', '1f697', 'zulip_extra_emoji')).rejects.toThrow('Invalid emoji code.');
    await expect(checkEmoji('car', 'zulip', 'zulip_extra_emoji')).rejects.toThrow('Invalid emoji name.');
  });

  it('finds no custom emoji in a realm without any', async () => {
    await expect(checkEmoji('party', '1', 'realm_emoji')).rejects.toThrow('Invalid custom emoji.');
    await expect(checkEmoji('car', '1f697', 'realm_emoji')).rejects.toThrow('Invalid custom emoji.');
  });

  it("checks a custom emoji by the realm's rules, in Zulip's order", async () => {
    const realm = realmWith([
      { id: '7', name: 'party' },
      { id: '8', name: 'gone', deactivated: true },
    ]);
    expect(await checkEmoji('party', '7', 'realm_emoji', realm)).toEqual({ emoji_code: '7', reaction_type: 'realm_emoji' });
    await expect(checkEmoji('party', '9', 'realm_emoji', realm)).rejects.toThrow('Invalid custom emoji.');
    await expect(checkEmoji('car', '7', 'realm_emoji', realm)).rejects.toThrow('Invalid custom emoji name.');
    await expect(checkEmoji('gone', '8', 'realm_emoji', realm)).rejects.toThrow('This custom emoji has been deactivated.');
  });

  it('refuses any other type', async () => {
    await expect(checkEmoji('car', '1f697', 'emoji')).rejects.toThrow('Invalid emoji type.');
    await expect(checkEmoji('zulip', 'zulip', 'service_extra_emoji')).rejects.toThrow('Invalid emoji type.');
  });

  it('throws BAD_REQUEST errors', async () => {
    await expect(checkEmoji('car', 'x', 'unicode_emoji')).rejects.toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
  });
});

describe('normalizeReactionType', () => {
  it("reads the spec's service_extra_emoji as zulip_extra_emoji and leaves the rest", () => {
    expect(normalizeReactionType('service_extra_emoji')).toBe('zulip_extra_emoji');
    for (const t of ['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji', 'other', 'constructor', '__proto__', 'toString']) expect(normalizeReactionType(t)).toBe(t);
  });
});

describe('unicodeEmojiCodeOf', () => {
  it('has no entry for names that are not emoji', () => {
    expect(unicodeEmojiCodeOf('zulip')).toBeUndefined();
    expect(unicodeEmojiCodeOf('')).toBeUndefined();
  });
});

describe('unicodeEmojiNameOf', () => {
  it("gives Zulip's canonical name of a code, and nothing for a code Zulip does not name", () => {
    expect(unicodeEmojiNameOf('1f44d')).toBe('+1');
    expect(unicodeEmojiNameOf('1f642')).toBe('smile');
    expect(unicodeEmojiNameOf('263a')).toBe('smiling_face');
    expect(unicodeEmojiNameOf('1f34b-200d-1f7e9')).toBeUndefined();
    expect(unicodeEmojiNameOf('1F44D')).toBeUndefined();
  });
});

describe('emojiApiData', () => {
  const { code_to_names } = JSON.parse(emojiApiData().json) as { code_to_names: Record<string, string[]> };

  it("lists every code with its names, canonical first, as Zulip's emoji_api.json", () => {
    expect(code_to_names['1f44d']).toEqual(['+1', 'thumbs_up', 'like']);
    expect(code_to_names['1f947']).toEqual(['first_place', 'gold', 'number_one']);
    expect(code_to_names['1f642']).toEqual(['smile']);
    expect(code_to_names['1f34b-200d-1f7e9']).toBeUndefined();
  });

  it('agrees with the name table both ways', () => {
    for (const [code, names] of Object.entries(code_to_names)) {
      expect(unicodeEmojiNameOf(code)).toBe(names[0]);
      for (const name of names) expect(unicodeEmojiCodeOf(name)).toBe(code);
    }
  });

  it('is served under a path named by its content', () => {
    expect(emojiApiData().path).toMatch(/^\/static\/generated\/emoji\/emoji_api\.[0-9a-f]{16}\.json$/);
  });
});
