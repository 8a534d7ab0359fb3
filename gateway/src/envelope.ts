import type { ServerResponse } from 'node:http';
import { ApiError } from '@parley/common';

/**
 * The REST envelope, rendered once for every response:
 * success `{"result":"success","msg":"",...data}`, error `{"result":"error","msg","code",...extra}`.
 * A service's JsonReply is spliced in as text, never parsed and re-encoded.
 */
export function successBody(dataJson: string, ignored: string[]): string {
  const head = '{"result":"success","msg":""';
  const ignoredPart = ignored.length ? `,"ignored_parameters_unsupported":${JSON.stringify(ignored)}` : '';
  const inner = dataJson.trim();
  const rest = /^(\{\s*\})?$/.test(inner) ? '}' : `,${inner.slice(1)}`;
  return head + ignoredPart + rest;
}

export function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendSuccess(res: ServerResponse, dataJson: string, ignored: string[] = []): void {
  sendJson(res, 200, successBody(dataJson, ignored));
}

export function sendError(res: ServerResponse, err: ApiError): void {
  const headers: Record<string, string> = {};
  // As Zulip: a 401 names the scheme, so generic HTTP clients know to retry with Basic auth.
  if (err.httpStatus === 401) headers['www-authenticate'] = 'Basic realm="zulip"';
  sendJson(res, err.httpStatus, JSON.stringify(err.toBody()), headers);
}
