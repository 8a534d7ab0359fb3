import { constantTimeEqual, sign } from '@parley/common';

/**
 * Temporary URLs (GET /user_uploads/{realm_id_str}/{filename}): `/user_uploads/temporary/
 * <token>/<file name>`, readable without credentials until the token expires. The token
 * names the path_id and the expiry, signed with the server secret.
 */
export function temporaryToken(secret: string, pathId: string, expiresAtMs: number): string {
  const body = Buffer.from(JSON.stringify({ p: pathId, e: expiresAtMs })).toString('base64url');
  return `${body}.${sign(secret, 'upload-temporary-url', body)}`;
}

/** The path_id a token grants, or undefined when it is forged, malformed or expired. */
export function readTemporaryToken(secret: string, token: string, nowMs: number): string | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const body = token.slice(0, dot);
  if (!constantTimeEqual(token.slice(dot + 1), sign(secret, 'upload-temporary-url', body))) return undefined;
  try {
    const { p, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p?: unknown; e?: unknown };
    if (typeof p !== 'string' || typeof e !== 'number' || e < nowMs) return undefined;
    return p;
  } catch {
    return undefined;
  }
}
