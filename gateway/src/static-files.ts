import type { IncomingMessage, ServerResponse } from 'node:http';
import { emojiApiData } from '@parley/common';

/**
 * Public files the gateway serves itself, outside /api/v1: the emoji data at register's
 * `server_emoji_data_url` (the mobile app fetches it to name and complete emoji). Its path
 * names its content's hash, so it is cached for good.
 */
export function isStaticRequest(method: string | undefined, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && path === emojiApiData().path;
}

export function serveStatic(req: IncomingMessage, res: ServerResponse): void {
  const body = Buffer.from(emojiApiData().json);
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': String(body.length),
    'cache-control': 'public, max-age=31536000, immutable',
    'access-control-allow-origin': '*',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
