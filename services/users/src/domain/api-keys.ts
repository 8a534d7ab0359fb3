import { decrypt, encrypt, randomToken, sha256 } from '@parley/common';

/**
 * An API key is 32 random characters. Lookup goes by its SHA-256 (so no realm has to be
 * known first); the key itself is kept only encrypted with the server secret, because
 * POST /fetch_api_key must return the same key again.
 */
export interface SealedApiKey {
  hash: Buffer;
  sealed: string;
}

export const API_KEY_PATTERN = /^[A-Za-z0-9]{32}$/;

export function newApiKey(secret: string): { key: string } & SealedApiKey {
  const key = randomToken(32);
  return { key, ...sealApiKey(secret, key) };
}

export function sealApiKey(secret: string, key: string): SealedApiKey {
  return { hash: sha256(key), sealed: encrypt(secret, key) };
}

export const unsealApiKey = (secret: string, sealed: string): string => decrypt(secret, sealed);
export const apiKeyHash = (key: string): Buffer => sha256(key);
