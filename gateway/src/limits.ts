import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, BadRequestError, envInt, Logger } from '@parley/common';
import { DEFAULT_MAX_PARAMS, isClientAbort } from './body';

/**
 * Bounds on one request and on one client's connections, so that no client can hold the
 * gateway's sockets or memory: each has a documented default and an env setting (raised
 * where many clients share one address, as the benchmark's).
 */
export interface RequestLimits {
  /** Parameters one request may carry, query and body together (Zulip: 1,000). */
  maxParams: number;
  /** Request line plus headers, in bytes: enough for a 5,000-ID list in the query string. */
  maxHeaderBytes: number;
  /** An ordinary body (the parameters) must arrive within this long; 0: no limit. */
  bodyTimeoutMs: number;
  /** A streamed file body (uploads, tus) may pause this long between two chunks; 0: no limit. */
  uploadIdleTimeoutMs: number;
  /** The whole of any request, headers and body, uploads too, must arrive within this long; 0: no limit. */
  requestTimeoutMs: number;
  /** Open connections from one socket address; 0: no limit. */
  maxConnectionsPerIp: number;
}

/**
 * 5,000 message IDs of up to 10 digits, URL-encoded (`message_ids=%5B…%2C…%5D`: 13 bytes an
 * ID) take 65,015 bytes of query string; 96 KiB leaves 31 KiB for the rest of the request
 * line and headers. Node's own default is 16 KiB.
 */
export const DEFAULT_MAX_HEADER_BYTES = 96 * 1024;

export function readRequestLimits(env: Record<string, string | undefined>): RequestLimits {
  return Object.freeze({
    maxParams: envInt(env, 'MAX_REQUEST_PARAMS', DEFAULT_MAX_PARAMS, 1),
    maxHeaderBytes: envInt(env, 'MAX_HEADER_BYTES', DEFAULT_MAX_HEADER_BYTES, 16 * 1024, 16 * 1024 * 1024),
    bodyTimeoutMs: envInt(env, 'REQUEST_BODY_TIMEOUT_MS', 30_000, 0),
    uploadIdleTimeoutMs: envInt(env, 'UPLOAD_IDLE_TIMEOUT_MS', 60_000, 0),
    requestTimeoutMs: envInt(env, 'REQUEST_TIMEOUT_MS', 60 * 60_000, 0),
    maxConnectionsPerIp: envInt(env, 'MAX_CONNECTIONS_PER_IP', 256, 0),
  });
}

export class TooManyConnectionsError extends ApiError {
  constructor(limit: number) {
    super('RATE_LIMIT_HIT', `Too many connections from your address (limit ${limit})`, 429, { 'retry-after': 1 });
  }
}

export class HeadersTooLargeError extends ApiError {
  constructor(limit: number) {
    super('BAD_REQUEST', `Request line and headers too large (limit ${limit} bytes)`, 431);
  }
}

/** A whole HTTP/1.1 response carrying the error's envelope, for a socket no request owns. */
export function rawErrorResponse(err: ApiError): string {
  const body = JSON.stringify(err.toBody());
  const retry = err.extra['retry-after'] === undefined ? '' : `retry-after: ${err.extra['retry-after'] as number}\r\n`;
  return (
    `HTTP/1.1 ${err.httpStatus} ${STATUS_CODES[err.httpStatus] ?? 'Error'}\r\ncontent-type: application/json\r\nx-content-type-options: nosniff\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\n${retry}connection: close\r\n\r\n${body}`
  );
}

/** Writes the envelope (unless a response has begun) and closes the socket once it is sent. */
function refuse(socket: Socket, err: ApiError): void {
  const busy = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (busy || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorResponse(err), () => socket.destroy());
}

/**
 * Puts the limits on the gateway's HTTP server (created by express-gateway, so set after
 * it starts: Node reads maxHeaderSize and the timeouts per connection). Every refusal Node
 * makes itself (a parse error, headers too large, a request timeout) becomes the JSON
 * envelope instead of Node's empty answer.
 */
export function applyServerLimits(server: Server, limits: RequestLimits, log: Logger): void {
  // Node's `maxHeaderSize` option, read by each new connection's parser (not in the typings as a property).
  (server as Server & { maxHeaderSize?: number }).maxHeaderSize = limits.maxHeaderBytes;
  server.requestTimeout = limits.requestTimeoutMs;
  // Node checks neither deadline when headersTimeout is the longer: its own rule, min(60 s, requestTimeout).
  server.headersTimeout = limits.requestTimeoutMs > 0 ? Math.min(60_000, limits.requestTimeoutMs) : 60_000;
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => onClientError(err, socket, limits, log));
  if (limits.maxConnectionsPerIp > 0) capConnectionsPerAddress(server, limits.maxConnectionsPerIp, log);
}

function onClientError(err: NodeJS.ErrnoException, socket: Socket, limits: RequestLimits, log: Logger): void {
  if (isClientAbort(err)) return void socket.destroy();
  log.debug({ code: err.code, remote: socket.remoteAddress }, 'refused a malformed or late request');
  if (err.code === 'HPE_HEADER_OVERFLOW') return refuse(socket, new HeadersTooLargeError(limits.maxHeaderBytes));
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return refuse(socket, new ApiError('BAD_REQUEST', 'Request not received in time', 408));
  refuse(socket, new BadRequestError('Malformed HTTP request'));
}

/**
 * At most `limit` open connections per socket address; one more is answered 429 and closed
 * at once. Per socket address, not X-Forwarded-For: a connection is counted before any
 * header is read. Behind a proxy every client shares its address, so the proxy caps them
 * and MAX_CONNECTIONS_PER_IP is raised or 0.
 */
function capConnectionsPerAddress(server: Server, limit: number, log: Logger): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      log.debug({ remote: address, limit }, 'refused a connection over the per-address limit');
      socket.pause(); // no request on it reaches the handler
      return refuse(socket, new TooManyConnectionsError(limit));
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
