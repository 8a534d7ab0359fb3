import * as grpc from '@grpc/grpc-js';
import { constantTimeEqual, sign } from '../secret';
import type { Caller } from '../roles';
import { pendingWriteDeadline, WRITE_BY_KEY } from '../write-deadline';

/**
 * The gateway passes who is calling in call metadata, signed with the server secret, so a
 * service never acts on an identity that did not come from an authenticating gateway.
 */
export const CALLER_KEY = 'parley-caller';
export const CLIENT_KEY = 'parley-client';
export const HOST_KEY = 'parley-host';
/** A password login's device (the gateway sets them on logins only): Zulip's new-login mail names them. */
export const USER_AGENT_KEY = 'parley-user-agent';
export const REMOTE_ADDR_KEY = 'parley-remote-addr';
/** The same signed caller, as an HTTP header, on what the gateway proxies to a service's HTTP server (uploads). */
export const CALLER_HEADER = 'x-parley-caller';

/**
 * Signed callers by caller object: the gateway's authentication cache hands out the same
 * object for each of a user's requests, so each is signed once per secret.
 */
const signedCallers = new WeakMap<Caller, { secret: string; value: string }>();

export function encodeCaller(secret: string, caller: Caller): string {
  const kept = signedCallers.get(caller);
  if (kept?.secret === secret) return kept.value;
  const body = Buffer.from(JSON.stringify(caller)).toString('base64url');
  const value = `${body}.${sign(secret, 'caller', body)}`;
  signedCallers.set(caller, { secret, value });
  return value;
}

/**
 * Callers whose signature this process checked, by secret and signed value: a value seen
 * before is the same caller, without another HMAC. Frozen, as they are shared. Bounded: at
 * the bound a secret's are forgotten.
 */
const verifiedCallers = new Map<string, Map<string, Caller>>();
const MAX_VERIFIED_CALLERS = 10_000;

export function decodeCaller(secret: string, value: string): Caller | undefined {
  let verified = verifiedCallers.get(secret);
  const kept = verified?.get(value);
  if (kept) return kept;
  const dot = value.indexOf('.');
  if (dot < 0) return undefined;
  const body = value.slice(0, dot);
  if (!constantTimeEqual(value.slice(dot + 1), sign(secret, 'caller', body))) return undefined;
  const caller = Object.freeze(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Caller);
  if (!verified || verified.size >= MAX_VERIFIED_CALLERS) verifiedCallers.set(secret, (verified = new Map<string, Caller>()));
  verified.set(value, caller);
  return caller;
}

export interface CallContext {
  caller?: Caller;
  /** The client's name, from its User-Agent (e.g. "ZulipMobile"), for Zulip's client heuristics. */
  client: string;
  /** The HTTP Host the request came to, for realm resolution on unauthenticated endpoints. */
  host: string;
  /**
   * When the request's first write must have started, in milliseconds since the epoch (the
   * gateway sets it; write-deadline.ts). A service calling another for a request that has not
   * begun writing passes its own on without naming it.
   */
  writeBy?: number;
  /** On password logins only: the request's User-Agent and the client's address. */
  device?: { user_agent: string; remote_addr: string };
}

/** Metadata values are printable ASCII: anything else in a header becomes '?', and it is cut short. */
const metadataText = (value: string): string => value.replace(/[^\x20-\x7e]/g, '?').slice(0, 512);

export function callMetadata(secret: string, ctx: CallContext): grpc.Metadata {
  const md = new grpc.Metadata();
  if (ctx.caller) md.set(CALLER_KEY, encodeCaller(secret, ctx.caller));
  md.set(CLIENT_KEY, ctx.client);
  md.set(HOST_KEY, ctx.host);
  const writeBy = ctx.writeBy ?? pendingWriteDeadline();
  if (writeBy !== undefined) md.set(WRITE_BY_KEY, String(writeBy));
  if (ctx.device) {
    md.set(USER_AGENT_KEY, metadataText(ctx.device.user_agent));
    md.set(REMOTE_ADDR_KEY, metadataText(ctx.device.remote_addr));
  }
  return md;
}

const first = (md: grpc.Metadata, key: string): string => String(md.get(key)[0] ?? '');

export function readCallContext(secret: string, md: grpc.Metadata): CallContext {
  const raw = first(md, CALLER_KEY);
  return {
    caller: raw ? decodeCaller(secret, raw) : undefined,
    client: first(md, CLIENT_KEY),
    host: first(md, HOST_KEY),
    writeBy: writeByOf(first(md, WRITE_BY_KEY)),
    ...(md.get(USER_AGENT_KEY).length ? { device: { user_agent: first(md, USER_AGENT_KEY), remote_addr: first(md, REMOTE_ADDR_KEY) } } : {}),
  };
}

/** A write deadline from metadata: a whole number of milliseconds, else none. */
function writeByOf(raw: string): number | undefined {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}
