import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { BadRequestError, LIMITS } from '@parley/common';

/** Passwords are stored as scrypt hashes: `scrypt$N$r$p$salt$hash` (base64url). */
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAX_N = 1 << 20;

interface StoredHash {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

/**
 * What a check derives against when there is no usable stored hash (an unknown user, a bot,
 * a user created without a password, a malformed row): the same parameters as a real hash,
 * so every refusal costs one full derivation.
 */
const DUMMY: StoredHash = { n: N, r: R, p: P, salt: Buffer.alloc(16), hash: Buffer.alloc(KEYLEN) };

/** The key derivation, behind an object so tests can count the derivations (kdf.derive). */
export const kdf = {
  derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
    return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))));
  },
};

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await kdf.derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n >= 2 && n <= MAX_N && (n & (n - 1)) === 0;
const isSmallInt = (n: number) => Number.isInteger(n) && n >= 1 && n <= 64;

/** A stored hash we can check against; undefined for null, another scheme, or a malformed row. */
function parseStored(stored: string | null): StoredHash | undefined {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const hash = Buffer.from(parts[5], 'base64url');
  if (!isPowerOfTwo(n) || !isSmallInt(r) || !isSmallInt(p) || salt.length === 0 || hash.length !== KEYLEN) return undefined;
  return { n, r, p, salt, hash };
}

/**
 * True when `password` matches `stored`. Every call runs the KDF once, against the dummy
 * hash when there is nothing usable to check, so a refusal takes as long for an account
 * without a password (or no account at all) as for a wrong password.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parseStored(stored);
  const target = parsed ?? DUMMY;
  const key = await kdf.derive(password, target.salt, target.n, target.r, target.p);
  return parsed !== undefined && timingSafeEqual(key, target.hash);
}

/** Zulip refuses empty passwords and caps length; so do we (scrypt cost grows with length). */
export function checkPasswordShape(password: string): string | undefined {
  if (password.length < 1) return 'Password cannot be empty';
  if (password.length > 1024) return 'Password is too long';
  return undefined;
}

/** A password an administrator or a new user sets (not a login's): PATCH /settings's length rules too. */
export function checkNewPassword(password: string, tooWeak: string): void {
  const problem = checkPasswordShape(password);
  if (problem) throw new BadRequestError(problem);
  if (password.length < LIMITS.password_min_length || password.length > LIMITS.password_max_length) throw new BadRequestError(tooWeak);
}
