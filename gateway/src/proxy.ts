import http, { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, Caller, CALLER_HEADER, encodeCaller, ServiceUnavailableError } from '@parley/common';
import { RequestTimeoutError } from './body';
import { sendError } from './envelope';

/** Request headers passed on to the service; everything else (credentials above all) stays here. */
const FORWARDED_REQUEST_HEADERS = [
  'content-type',
  'content-length',
  'transfer-encoding',
  'range',
  'if-modified-since',
  'user-agent',
  // tus (resumable uploads) and its CORS preflight.
  'tus-resumable',
  'upload-length',
  'upload-offset',
  'upload-metadata',
  'upload-defer-length',
  'upload-concat',
  'x-http-method-override',
  'origin',
  'access-control-request-method',
  'access-control-request-headers',
];
/** Response headers passed back to the client. */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'cache-control',
  'location',
  'last-modified',
  'etag',
  'x-content-type-options',
  'content-security-policy',
  'accept-ranges',
  'content-range',
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
  'upload-offset',
  'upload-length',
  'upload-metadata',
  'upload-expires',
  'upload-defer-length',
  'upload-concat',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-max-age',
  'access-control-allow-credentials',
];

/**
 * Streams a request to a service's own HTTP server (the uploads service's file bodies) and
 * its answer back, with the authenticated caller in a header signed with the server secret:
 * nothing is buffered, so a 200 MB upload costs the gateway no more memory than a small one.
 * A service out of reach is a 503 in the envelope, as for gRPC. A body that pauses longer
 * than `bodyIdleTimeoutMs` between two chunks is cut off with 408 (a large file may take
 * long in all, but keeps moving).
 */
export function proxyRequest(
  target: { addr: string; secret: string; service: string; bodyIdleTimeoutMs?: number },
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  caller: Caller | undefined,
): Promise<void> {
  const i = target.addr.lastIndexOf(':');
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (caller) headers[CALLER_HEADER] = encodeCaller(target.secret, caller);
  return new Promise((resolve) => {
    const upstream = http.request({
      host: target.addr.slice(0, i),
      port: Number(target.addr.slice(i + 1)),
      method: req.method,
      path,
      headers,
    });
    const fail = (err: ApiError) => {
      if (!res.headersSent) sendError(res, err);
      else res.destroy();
      req.resume();
      resolve();
    };
    upstream.on('error', () => fail(new ServiceUnavailableError(target.service)));
    const stopIdleTimer = onIdleBody(req, target.bodyIdleTimeoutMs ?? 0, () => {
      req.unpipe(upstream);
      upstream.destroy();
      if (!res.headersSent) sendError(res, new RequestTimeoutError(target.bodyIdleTimeoutMs!));
      else res.destroy();
      resolve();
    });
    res.on('close', stopIdleTimer);
    upstream.on('response', (answer) => {
      const out: Record<string, string> = {};
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = answer.headers[name];
        if (typeof value === 'string') out[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(res);
      answer.on('end', () => {
        // The service may answer before it read the whole body (an upload refused as too
        // large): read and drop the rest, so the connection can carry the next request.
        if (!req.readableEnded) {
          req.unpipe(upstream);
          req.resume();
        }
        resolve();
      });
      answer.on('error', () => {
        res.destroy();
        resolve();
      });
    });
    // The client went away: stop the upload behind it (the service discards what it had).
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
      resolve();
    });
    req.pipe(upstream);
  });
}

/** Calls `onIdle` when the request's body, not yet all read, sends nothing for `ms` (0: never); returns what stops watching. */
function onIdleBody(req: IncomingMessage, ms: number, onIdle: () => void): () => void {
  if (!ms || req.readableEnded) return () => undefined;
  let timer = setTimeout(onIdle, ms);
  const stop = () => {
    clearTimeout(timer);
    req.off('data', restart);
    req.off('end', stop);
  };
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(onIdle, ms);
  };
  req.on('data', restart);
  req.on('end', stop);
  return stop;
}
