import type { ServerResponse } from 'node:http';
import { ApiError, objectMembers } from '@parley/common';

/**
 * The REST envelope, rendered once for every response:
 * success `{"result":"success","msg":"",...data}`, error `{"result":"error","msg","code",...extra}`.
 * A service's JsonReply (UTF-8 bytes) is spliced in as it is, never decoded or re-encoded.
 */
export function successBody(data: Buffer | string, ignored: string[]): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  const ignoredPart = ignored.length ? `,"ignored_parameters_unsupported":${JSON.stringify(ignored)}` : '';
  // The data's members follow ours, or nothing for `{}`.
  const members = objectMembers(bytes);
  const head = Buffer.from(`{"result":"success","msg":""${ignoredPart}${members ? ',' : '}'}`);
  return members ? Buffer.concat([head, members, CLOSE]) : head;
}

const CLOSE = Buffer.from('}');

/**
 * Every JSON answer says it is JSON and nothing else: a browser never sniffs one into a
 * script, a stylesheet or a page, whatever text a user put in it.
 */
export const JSON_HEADERS = { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' } as const;

export function sendJson(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { ...JSON_HEADERS, 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

export function sendSuccess(res: ServerResponse, data: Buffer | string, ignored: string[] = []): void {
  sendJson(res, 200, successBody(data, ignored));
}

/**
 * The scheme a 401 names, as Zulip: Basic for the API, so generic HTTP clients know to retry
 * with it; `Session` for a browser's requests (/json, the login pages), which a browser does
 * not know, so it shows no password prompt of its own and the page handles the 401.
 */
export type AuthScheme = 'basic' | 'session';

export function sendError(res: ServerResponse, err: ApiError, scheme: AuthScheme = 'basic'): void {
  const headers: Record<string, string> = {};
  if (err.httpStatus === 401) headers['www-authenticate'] = scheme === 'session' ? 'Session realm="zulip"' : 'Basic realm="zulip"';
  // A request timed out with its body unread: the connection cannot carry another one.
  if (err.httpStatus === 408) headers.connection = 'close';
  // A service's own rate limit (an email change's) says when to retry in the body, as Zulip does, and in the header.
  const retryAfter = err.extra['retry-after'];
  if (err.httpStatus === 429 && typeof retryAfter === 'number' && !res.hasHeader('retry-after')) headers['retry-after'] = String(Math.ceil(retryAfter));
  sendJson(res, err.httpStatus, JSON.stringify(err.toBody()), headers);
}
