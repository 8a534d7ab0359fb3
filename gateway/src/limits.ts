import { envInt } from '@parley/common';
import { DEFAULT_MAX_PARAMS } from './body';

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
