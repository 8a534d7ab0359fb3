import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constantTimeEqual, decrypt, encrypt, loadSecret, randomToken, sha256, sign } from './secret';

const SECRET = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);

/** Replaces one base64url character of a sealed value's part, keeping it decodable. */
function tamper(sealed: string, part: number): string {
  const parts = sealed.split('.');
  const p = parts[part];
  parts[part] = (p[0] === 'A' ? 'B' : 'A') + p.slice(1);
  return parts.join('.');
}

describe('encrypt / decrypt', () => {
  it('round-trips text, unicode and the empty string', () => {
    for (const text of ['api-key-0123456789', 'zoë ✓ 日本語 🎉', '']) {
      expect(decrypt(SECRET, encrypt(SECRET, text))).toBe(text);
    }
  });

  it('seals as three base64url parts: a 12-byte iv, a 16-byte tag, the ciphertext', () => {
    const sealed = encrypt(SECRET, 'hello');
    const parts = sealed.split('.');
    expect(parts).toHaveLength(3);
    for (const p of parts) expect(p).toMatch(/^[A-Za-z0-9_-]*$/);
    expect(Buffer.from(parts[0], 'base64url')).toHaveLength(12);
    expect(Buffer.from(parts[1], 'base64url')).toHaveLength(16);
    expect(Buffer.from(parts[2], 'base64url')).toHaveLength(5);
    expect(sealed).not.toContain(Buffer.from('hello').toString('base64url'));
  });

  it('uses a fresh iv each time, so equal plaintexts seal differently', () => {
    const a = encrypt(SECRET, 'same');
    const b = encrypt(SECRET, 'same');
    expect(a).not.toBe(b);
    expect(a.split('.')[0]).not.toBe(b.split('.')[0]);
  });

  it.each([
    [0, 'iv'],
    [1, 'tag'],
    [2, 'ciphertext'],
  ])('detects tampering with part %d (%s)', (part) => {
    const sealed = encrypt(SECRET, 'the api key');
    expect(() => decrypt(SECRET, tamper(sealed, part))).toThrow();
  });

  it('detects a swapped ciphertext from another sealed value', () => {
    const a = encrypt(SECRET, 'aaaa').split('.');
    const b = encrypt(SECRET, 'bbbb').split('.');
    expect(() => decrypt(SECRET, [a[0], a[1], b[2]].join('.'))).toThrow();
  });

  it('does not decrypt with another secret', () => {
    expect(() => decrypt(OTHER, encrypt(SECRET, 'the api key'))).toThrow();
  });

  it('throws on a value that is not sealed', () => {
    expect(() => decrypt(SECRET, 'plain-text-api-key')).toThrow();
  });

  it('refuses a sealed value whose authentication tag was truncated', () => {
    const [iv, tag, data] = encrypt(SECRET, 'the api key').split('.');
    const short = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => decrypt(SECRET, [iv, short, data].join('.'))).toThrow();
  });
});

describe('sign', () => {
  it('is deterministic: 32 bytes of HMAC as base64url', () => {
    const s = sign(SECRET, 'caller', 'body');
    expect(sign(SECRET, 'caller', 'body')).toBe(s);
    expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('differs by purpose, by value and by secret', () => {
    const s = sign(SECRET, 'caller', 'body');
    expect(sign(SECRET, 'db-password', 'body')).not.toBe(s);
    expect(sign(SECRET, 'caller', 'body2')).not.toBe(s);
    expect(sign(OTHER, 'caller', 'body')).not.toBe(s);
  });

  it('keys the HMAC with a subkey derived for the purpose, not with the secret itself', () => {
    expect(sign(SECRET, 'caller', 'body')).not.toBe(createHmac('sha256', SECRET).update('body').digest('base64url'));
  });
});

describe('constantTimeEqual', () => {
  it('is true for equal strings', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('zoë', 'zoë')).toBe(true);
  });

  it('is false for different strings of the same length', () => {
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'ABC')).toBe(false);
  });

  it('is false, without throwing, for different lengths', () => {
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', 'a')).toBe(false);
    // Same number of characters, different number of UTF-8 bytes.
    expect(constantTimeEqual('zoe', 'zoë')).toBe(false);
  });
});

describe('sha256', () => {
  it('hashes UTF-8 text to 32 bytes', () => {
    expect(sha256('abc').toString('hex')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('randomToken', () => {
  it('is 32 characters of [A-Za-z0-9] by default', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it.each([[1], [7], [100], [500]])('has the requested length %d', (n) => {
    expect(randomToken(n)).toMatch(new RegExp(`^[A-Za-z0-9]{${n}}$`));
  });

  it('is empty for length 0', () => {
    expect(randomToken(0)).toBe('');
  });

  it('does not repeat across many tokens', () => {
    const tokens = new Set(Array.from({ length: 2000 }, () => randomToken()));
    expect(tokens.size).toBe(2000);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(randomToken(20_000));
    expect(seen.size).toBe(62);
  });
});

describe('loadSecret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'parley-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes PARLEY_SECRET from the environment and writes no file', () => {
    const env = { PARLEY_SECRET: 'x'.repeat(32) };
    expect(loadSecret(env, dir)).toBe('x'.repeat(32));
    expect(existsSync(join(dir, 'secret'))).toBe(false);
  });

  it('prefers the environment over an existing file', () => {
    writeFileSync(join(dir, 'secret'), 'f'.repeat(43));
    expect(loadSecret({ PARLEY_SECRET: 'e'.repeat(40) }, dir)).toBe('e'.repeat(40));
  });

  it('refuses a PARLEY_SECRET shorter than 32 characters', () => {
    expect(() => loadSecret({ PARLEY_SECRET: 'x'.repeat(31) }, dir)).toThrow('PARLEY_SECRET must be at least 32 characters');
    expect(existsSync(join(dir, 'secret'))).toBe(false);
  });

  it('treats an empty PARLEY_SECRET as unset', () => {
    const secret = loadSecret({ PARLEY_SECRET: '' }, dir);
    expect(secret).toBe(readFileSync(join(dir, 'secret'), 'utf8'));
  });

  it('generates a secret once, keeps it in dataDir/secret with mode 0600, and reads the same one back', () => {
    const first = loadSecret({}, dir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const file = join(dir, 'secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecret({}, dir)).toBe(first);
  });

  it('generates different secrets in different data directories', () => {
    const other = mkdtempSync(join(tmpdir(), 'parley-secret-'));
    try {
      expect(loadSecret({}, dir)).not.toBe(loadSecret({}, other));
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('creates a missing data directory', () => {
    const nested = join(dir, 'a', 'b');
    const secret = loadSecret({}, nested);
    expect(readFileSync(join(nested, 'secret'), 'utf8')).toBe(secret);
  });

  it('trims a secret file written with a trailing newline', () => {
    writeFileSync(join(dir, 'secret'), `${'s'.repeat(40)}\n`);
    expect(loadSecret({}, dir)).toBe('s'.repeat(40));
  });

  it('refuses an empty or short secret file', () => {
    writeFileSync(join(dir, 'secret'), '');
    expect(() => loadSecret({}, dir)).toThrow(/at least 32 characters/);
    writeFileSync(join(dir, 'secret'), 'short');
    expect(() => loadSecret({}, dir)).toThrow(/at least 32 characters/);
  });
});
