import { checkValidEmojiName, emojiKey, EMOJI_IMAGE_TYPES, newEmojiFileName, normalizeEmojiName, parseEmojiKey, sniffImageType } from './emoji-names';

describe('normalizeEmojiName', () => {
  it.each([
    ['party_parrot', 'party_parrot'],
    ['party parrot', 'party_parrot'],
    ['  padded  ', 'padded'],
    [' ', ''],
    ['a  b', 'a__b'],
    ['Tabs\tstay', 'Tabs\tstay'],
  ])('%j → %j', (given, name) => {
    expect(normalizeEmojiName(given)).toBe(name);
  });
});

describe('checkValidEmojiName', () => {
  it.each(['green_tick', 'a', '1', 'party-parrot', '-leading', '_leading', 'a_b-c_9', 'smile'])('accepts %j', (name) => {
    expect(() => checkValidEmojiName(name)).not.toThrow();
  });

  it('says a name is missing', () => {
    expect(() => checkValidEmojiName('')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', message: 'Emoji name is missing' }));
  });

  it.each(['my_emoji_', 'trailing-', '_', '-', 'a__'])('refuses %j, which ends with a separator', (name) => {
    expect(() => checkValidEmojiName(name)).toThrow('Emoji names must end with either a letter or digit.');
  });

  it.each(['my_EMoji', 'my_em*oji', 'my/emoji', 'with.dot', 'tab\there', 'émoji', '日本', 'space inside', 'MyEmoji_'])('refuses %j, with a character Zulip refuses', (name) => {
    expect(() => checkValidEmojiName(name)).toThrow('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.');
  });
});

describe('sniffImageType', () => {
  const bytes = (...b: (number | string)[]) => Buffer.concat(b.map((x) => (typeof x === 'string' ? Buffer.from(x, 'latin1') : Buffer.from([x]))));

  it.each([
    ['PNG', bytes(0x89, 'PNG\r\n', 0x1a, '\n', 0, 0, 0, 13), 'image/png'],
    ['GIF87a', bytes('GIF87a', 1, 0, 1, 0), 'image/gif'],
    ['GIF89a', bytes('GIF89a', 1, 0, 1, 0), 'image/gif'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF'), 'image/jpeg'],
    ['WebP', bytes('RIFF', 36, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
  ])('knows %s by its first bytes', (_kind, head, type) => {
    expect(sniffImageType(head)).toBe(type);
  });

  it.each([
    ['text', Buffer.from('hello, not an image')],
    ['nothing', Buffer.alloc(0)],
    ['a cut PNG signature', bytes(0x89, 'PNG')],
    ['GIF90a', bytes('GIF90a', 1, 0)],
    ['WAVE in RIFF', bytes('RIFF', 36, 0, 0, 0, 'WAVEfmt ')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['TIFF', bytes('II*', 0, 8, 0, 0, 0)],
  ])('refuses %s', (_kind, head) => {
    expect(sniffImageType(head)).toBeUndefined();
  });
});

describe('emoji image names and keys', () => {
  it("names a new image at random, with its type's extension", () => {
    const names = Object.keys(EMOJI_IMAGE_TYPES).map(newEmojiFileName);
    expect(names.map((n) => n.split('.')[1])).toEqual(['png', 'gif', 'jpeg', 'webp']);
    for (const n of names) expect(n).toMatch(/^[0-9a-f]{24}\.[a-z]+$/);
    expect(new Set(names.map((n) => n.split('.')[0])).size).toBe(4);
  });

  it('reads back the keys it makes, and nothing else', () => {
    const fileName = newEmojiFileName('image/png');
    expect(parseEmojiKey(emojiKey(12, fileName))).toEqual({ realmId: 12, fileName });
    for (const path of [
      '12/emoji/images',
      '12/emoji/images/',
      '12/emoji/images/../../etc.png',
      '12/emoji/images/a/b.png',
      'x/emoji/images/a.png',
      '12/emoji/a.png',
      '12/emoji/images/a.svg',
      '12/emoji/images/.png',
      '12/ab/cdefghijklmnopqrstuvwxyz/file.png',
    ])
      expect(parseEmojiKey(path)).toBeUndefined();
  });
});
