import { clientName } from './client-name';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('clientName', () => {
  it('prefers the client parameter over the User-Agent', () => {
    expect(clientName('my-bot', 'ZulipMobile/27.1')).toBe('my-bot');
    expect(clientName('my-bot', FIREFOX)).toBe('my-bot');
  });

  it('trims the client parameter and cuts it to 30 characters', () => {
    expect(clientName('  spaced  ', undefined)).toBe('spaced');
    expect(clientName('x'.repeat(40), undefined)).toBe('x'.repeat(30));
  });

  it('keeps only printable ASCII, which gRPC metadata can carry', () => {
    expect(clientName('a\u0000b\u00e9c', undefined)).toBe('abc');
    expect(clientName('\u0000', 'ZulipMobile/27.1')).toBe('ZulipMobile');
  });

  it('falls back to the User-Agent when the parameter is empty or blank', () => {
    expect(clientName('', 'ZulipPython/0.9.0 (Linux; Python 3.12)')).toBe('ZulipPython');
    expect(clientName('   ', 'ZulipPython/0.9.0')).toBe('ZulipPython');
  });

  it.each([
    ['ZulipMobile/27.1 (Android 14)', 'ZulipMobile'],
    ['ZulipInvite', 'ZulipInvite'],
    ['curl/8.5.0', 'curl'],
    ['python-requests/2.31', 'python-requests'],
    ['node', 'node'],
    ['ZulipTerminal 0.7', 'ZulipTerminal'],
    ['  ZulipMobile/27.1  ', 'ZulipMobile'],
  ])('takes the product token of %j', (ua, expected) => {
    expect(clientName(undefined, ua)).toBe(expected);
  });

  it('cuts a long product token to 30 characters', () => {
    expect(clientName(undefined, `${'A'.repeat(35)}/1.0`)).toBe('A'.repeat(30));
  });

  it('names browsers "website"', () => {
    expect(clientName(undefined, FIREFOX)).toBe('website');
    expect(clientName(undefined, 'Mozilla/5.0 (Macintosh) AppleWebKit/605 Safari/605')).toBe('website');
  });

  it('is "Unspecified" without a User-Agent', () => {
    expect(clientName(undefined, undefined)).toBe('Unspecified');
    expect(clientName(undefined, '')).toBe('Unspecified');
    expect(clientName(undefined, '   ')).toBe('Unspecified');
  });

  it('is "Unspecified" when the User-Agent starts with a separator', () => {
    expect(clientName(undefined, '/1.0')).toBe('Unspecified');
  });

  it('names a Mozilla-style User-Agent of a Zulip app after the Zulip product (ZulipElectron)', () => {
    expect(clientName(undefined, 'Mozilla/5.0 (X11) AppleWebKit/537.36 ZulipElectron/5.11.1 Chrome/124')).toBe('ZulipElectron');
  });
});
