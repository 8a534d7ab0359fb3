import * as grpc from '@grpc/grpc-js';
import { constantTimeEqual, sign } from '../secret';
import type { Caller } from '../roles';

/**
 * The gateway passes who is calling in call metadata, signed with the server secret, so a
 * service never acts on an identity that did not come from an authenticating gateway.
 */
export const CALLER_KEY = 'parley-caller';
export const CLIENT_KEY = 'parley-client';
export const HOST_KEY = 'parley-host';
/** The same signed caller, as an HTTP header, on what the gateway proxies to a service's HTTP server (uploads). */
export const CALLER_HEADER = 'x-parley-caller';

export function encodeCaller(secret: string, caller: Caller): string {
  const body = Buffer.from(JSON.stringify(caller)).toString('base64url');
  return `${body}.${sign(secret, 'caller', body)}`;
}

export function decodeCaller(secret: string, value: string): Caller | undefined {
  const dot = value.indexOf('.');
  if (dot < 0) return undefined;
  const body = value.slice(0, dot);
  if (!constantTimeEqual(value.slice(dot + 1), sign(secret, 'caller', body))) return undefined;
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Caller;
}

export interface CallContext {
  caller?: Caller;
  /** The client's name, from its User-Agent (e.g. "ZulipMobile"), for Zulip's client heuristics. */
  client: string;
  /** The HTTP Host the request came to, for realm resolution on unauthenticated endpoints. */
  host: string;
}

export function callMetadata(secret: string, ctx: CallContext): grpc.Metadata {
  const md = new grpc.Metadata();
  if (ctx.caller) md.set(CALLER_KEY, encodeCaller(secret, ctx.caller));
  md.set(CLIENT_KEY, ctx.client);
  md.set(HOST_KEY, ctx.host);
  return md;
}

const first = (md: grpc.Metadata, key: string): string => String(md.get(key)[0] ?? '');

export function readCallContext(secret: string, md: grpc.Metadata): CallContext {
  const raw = first(md, CALLER_KEY);
  return {
    caller: raw ? decodeCaller(secret, raw) : undefined,
    client: first(md, CLIENT_KEY),
    host: first(md, HOST_KEY),
  };
}
