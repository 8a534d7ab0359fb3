import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The server secret every process shares (env PARLEY_SECRET). On the embedded default it
 * is generated once and kept in the data directory, so it survives restarts and the
 * management CLI finds the same one. It encrypts API keys at rest, signs the caller
 * identity the gateway passes to services, and derives the services' database passwords.
 */
export function loadSecret(env: Record<string, string | undefined>, dataDir: string): string {
  const fromEnv = env.PARLEY_SECRET;
  if (fromEnv) return checkSecret(fromEnv, 'PARLEY_SECRET');
  const file = `${dataDir}/secret`;
  try {
    return checkSecret(readFileSync(file, 'utf8').trim(), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true });
  // Written whole to a private name, then linked into place: a process starting meanwhile
  // either finds no file or the complete one, never a half-written secret. If another
  // process linked first, its secret is the one.
  const secret = randomBytes(32).toString('base64url');
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, secret, { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return secret;
  } catch {
    return checkSecret(readFileSync(file, 'utf8').trim(), file);
  } finally {
    unlinkSync(tmp);
  }
}

function checkSecret(secret: string, source: string): string {
  if (secret.length < 32) throw new Error(`${source} must be at least 32 characters`);
  return secret;
}

/**
 * One key per purpose, derived from the secret with HKDF once per process: every gRPC call
 * signs and checks its caller with one, and deriving it each time cost 2-4 % of the CPU of
 * the benchmark's requests.
 */
const subkeys = new Map<string, Buffer>();
function subkey(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = subkeys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'parley', purpose, 32));
    subkeys.set(id, key);
  }
  return key;
}

/** AES-256-GCM; output `iv.tag.ciphertext`, base64url parts. */
export function encrypt(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subkey(secret, 'encrypt'), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decrypt(secret: string, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  // The full 16-byte tag: Node would otherwise accept a truncated one (down to 4 bytes).
  const decipher = createDecipheriv('aes-256-gcm', subkey(secret, 'encrypt'), iv, { authTagLength: 16 });
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

export function sign(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', subkey(secret, purpose)).update(value).digest('base64url');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/** 32 characters from [A-Za-z0-9], like Zulip's API keys. */
export function randomToken(length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}
