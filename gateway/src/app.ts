import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ApiError,
  Caller,
  InternalError,
  isApiError,
  JsonReplyOf,
  Logger,
  MissingParameterError,
  NotFoundError,
  RpcClients,
  subdomainFromHost,
  UnauthorizedError,
  ZULIP_EMOJI_IMAGE_PATH,
} from '@parley/common';
import { AuthCache, authenticate, authenticateApiKey, parseBasicAuth } from './auth';
import { BodyLimits, isClientAbort, readParams, RequestAbortedError } from './body';
import { clientName } from './client-name';
import { confirmNewEmailKey, serveConfirmNewEmail } from './account-pages';
import { type AuthScheme, sendError, sendJson, sendSuccess } from './envelope';
import { parseParams } from './params';
import { isOpenApiRequest, serveOpenApi } from './openapi/serve';
import { replyJson } from './openapi/typed-reply';
import type { LongPolls } from './long-polls';
import { proxyRequest } from './proxy';
import { RateLimiter } from './rate-limit';
import { authenticateSession, checkLoginCsrf, isHttps, loggedOutCookies, parseCookies, SESSION_COOKIE, sessionCookies } from './session';
import { Router } from './router';
import { confirmPage, donePage, UNSUBSCRIBE_PATH, wantsHtml } from './unsubscribe-page';
import { isStaticRequest, serveStatic } from './static-files';
import type { WebApp } from './web-app';
import type { Route } from '@parley/common/api';
import type { GatewayConfig } from './config';

export interface GatewayDeps {
  config: GatewayConfig;
  clients: RpcClients;
  cache: AuthCache;
  router: Router;
  log: Logger;
  /** The open long polls, answered at once when the gateway shuts down. */
  longPolls?: LongPolls;
  /** Rate limits (see rate-limit.ts); none when absent or disabled. */
  limiter?: RateLimiter;
  /** The web client's files (web-app.ts); none in tests of the API alone. */
  web?: WebApp;
}

const API_PREFIX = '/api/v1';
/**
 * Zulip's web-app prefix: the same routes as /api/v1 (the one route table), for a browser's
 * session cookie and CSRF token instead of HTTP Basic credentials, under the same rate limits.
 */
const JSON_PREFIX = '/json';

/** What a path's requests authenticate with: the API's Basic credentials, or a browser session. */
type Credentials = 'basic' | 'session';

/** The API prefix a path is under, with the credentials it takes; undefined for neither. */
function apiPrefixOf(path: string): { prefix: string; credentials: Credentials } | undefined {
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) return { prefix: API_PREFIX, credentials: 'basic' };
  if (path === JSON_PREFIX || path.startsWith(`${JSON_PREFIX}/`)) return { prefix: JSON_PREFIX, credentials: 'session' };
  return undefined;
}
/** Parameters every route takes without declaring them (Zulip's `client` names the client). */
const ALWAYS_ACCEPTED = new Set(['client']);

/**
 * The gateway's whole job for one request, independent of the HTTP framework around it:
 * route, authenticate, parse parameters by the route's declarations, call the RPC, render
 * the envelope. No business rules live here.
 */
export function createApiHandler(deps: GatewayDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const started = process.hrtime.bigint();
    const path = (req.url ?? '/').split('?')[0];
    try {
      if (path === '/healthz') return sendJson(res, 200, '{"status":"ok"}');
      if (path === '/readyz') return await ready(deps, res);
      if (isOpenApiRequest(req.method, path)) {
        // The description (under /api/v1) counts as any anonymous API request does.
        if (path.startsWith(`${API_PREFIX}/`)) await limitAnonymous(deps, req, res);
        return serveOpenApi(req, res, path);
      }
      if (isStaticRequest(req.method, path)) return serveStatic(req, res);
      if (deps.web?.handles(req.method, path)) return deps.web.serve(req, res, path);
      if (isFileRequest(req.method, path)) return await handleFile(deps, req, res, path);
      if (req.method === 'POST' && path === '/accounts/login') return await handleLogin(deps, req, res);
      if (req.method === 'POST' && path === '/accounts/logout') return await handleLogout(deps, req, res);
      if ((req.method === 'GET' || req.method === 'POST') && UNSUBSCRIBE_PATH.test(path)) return await handleUnsubscribe(deps, req, res, path);
      const emailKey = confirmNewEmailKey(req.method, path);
      if (emailKey !== undefined) {
        await limitAnonymous(deps, req, res);
        return await serveConfirmNewEmail(deps.clients.users, res, req, emailKey, clientName(undefined, req.headers['user-agent']));
      }
      const api = apiPrefixOf(path);
      if (!api) throw new NotFoundError();
      await handleApi(deps, req, res, path.slice(api.prefix.length), api.credentials);
    } catch (err) {
      const apiErr = isApiError(err) ? err : internal(deps.log, err);
      // A response refused before any rule applied (no route, a bad body, bad credentials)
      // counts against the client's address, and carries its headers as every API response does.
      if (isLimitedPath(req.method, path) && !res.hasHeader('x-ratelimit-limit')) {
        await limitAnonymous(deps, req, res, false).catch(() => undefined);
      }
      sendError(res, apiErr, challengeOf(req, path));
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      deps.log.debug({ method: req.method, path, status: res.statusCode, ms }, 'request');
    }
  };
}

async function handleApi(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, path: string, credentials: Credentials): Promise<void> {
  const match = deps.router.match(req.method ?? 'GET', path);
  if (match.kind === 'none') throw new NotFoundError();
  if (match.kind === 'method-not-allowed') {
    throw new ApiError('BAD_REQUEST', `Method Not Allowed (${req.method}); this endpoint takes ${match.allowed.join(', ')}`, 405);
  }
  const raw = await readParams(req, bodyLimits(deps.config));
  for (const [header, param] of Object.entries(match.route.headerParams ?? {})) {
    const value = req.headers[header];
    if (typeof value === 'string') raw[param] = value;
  }
  const host = req.headers.host ?? '';
  const client = clientName(raw.client, req.headers['user-agent']);
  // Long polls (the routes with their own deadline: GET /events) neither count nor are refused.
  const caller =
    match.route.auth === 'user'
      ? await limitUser(deps, req, res, await authenticateAnonymouslyLimited(deps, req, res, client, { credentials }), match.route.deadlineMs === undefined)
      : await limitAnonymous(deps, req, res);
  const { values, ignored } = parseParams(match.route.params, raw, match.path, ALWAYS_ACCEPTED);
  if (match.route.rateLimit === 'password_reset') await limitPasswordReset(deps, req, res, String(values.email), client);
  if (match.route.rateLimit === 'login') return loginLimited(deps, req, res, String(values.username), client, () => callRoute(deps, req, res, match, values, ignored, caller, client, host));
  await callRoute(deps, req, res, match, values, ignored, caller, client, host);
}

async function callRoute(
  deps: GatewayDeps,
  req: IncomingMessage,
  res: ServerResponse,
  match: { route: Route },
  values: Record<string, unknown>,
  ignored: string[],
  caller: Caller | undefined,
  client: string,
  host: string,
): Promise<void> {
  // A long poll while this gateway shuts down: nothing now, poll again (elsewhere).
  const longPoll = match.route.deadlineMs !== undefined && deps.longPolls !== undefined;
  const emptyPoll = () => sendSuccess(res, replyJson('GET /events', { events: [], queue_id: String(values.queue_id) }));
  if (longPoll && deps.longPolls!.draining) return emptyPoll();
  // A client that goes away (a long poll it gave up on) cancels the call behind it.
  const gone = new AbortController();
  const onClose = () => res.writableEnded || gone.abort();
  res.on('close', onClose);
  if (longPoll) deps.longPolls!.track(gone);
  try {
    const { service, rpc, multiplexedOn, deadlineMs } = match.route;
    // A route with a deadline of its own (a long poll) waits that long. Any other call must
    // begin its writes within GRPC_DEADLINE_MS, and is waited for GRPC_COMMIT_GRACE_MS longer,
    // so that a write begun in time is answered with its outcome, never a 503 (ADR 0027).
    const writeBy = deadlineMs === undefined ? Date.now() + deps.config.grpcDeadlineMs : undefined;
    const callDeadlineMs = deadlineMs ?? deps.config.grpcDeadlineMs + deps.config.grpcCommitGraceMs;
    // A password login tells the users service its device, for the new-login mail.
    const ctx = { caller, client, host, writeBy, ...(match.route.rateLimit === 'login' ? { device: deviceOf(deps, req) } : {}) };
    // The one place an RPC goes by its name: the one the route table names for the route.
    const transport = deps.clients[service].transport;
    const reply = multiplexedOn
      ? await transport.callMultiplexed<JsonReplyOf>(multiplexedOn, rpc, values, ctx, callDeadlineMs, gone.signal)
      : await transport.call<JsonReplyOf>(rpc, values, ctx, callDeadlineMs, gone.signal);
    sendSuccess(res, reply.json, [...ignored, ...(reply.ignored_parameters_unsupported ?? [])]);
  } catch (err) {
    if (longPoll && deps.longPolls!.draining && !res.destroyed) return emptyPoll();
    throw err;
  } finally {
    res.off('close', onClose);
    if (longPoll) deps.longPolls!.untrack(gone);
  }
}

/**
 * The realm a request's Host names, as Zulip's get_subdomain reads it: `sub` for
 * `sub.EXTERNAL_HOST`, and '' (the root realm) for EXTERNAL_HOST itself, an IP address or any
 * other host. Every authenticated request is bound to it: another realm's credentials are
 * refused, whatever realm they belong to.
 */
const subdomainOf = (deps: GatewayDeps, host: string) => subdomainFromHost(host, deps.config.externalHost) ?? '';

/**
 * The caller named by the request's credentials: HTTP Basic (email and API key) under /api/v1,
 * a browser session cookie with its CSRF check under /json; files (uploads, tus, serving) take
 * either (`credentials: 'either'`). UNAUTHORIZED without them.
 */
async function authenticateRequest(deps: GatewayDeps, req: IncomingMessage, client: string, opts: { credentials: Credentials | 'either' }): Promise<Caller> {
  const host = req.headers.host ?? '';
  const subdomain = subdomainOf(deps, host);
  const creds = opts.credentials === 'session' ? undefined : parseBasicAuth(req.headers.authorization);
  if (creds) return authenticate(deps.cache, deps.clients.users, creds, subdomain, client, host);
  const session = opts.credentials === 'basic' ? undefined : parseCookies(req.headers.cookie)[SESSION_COOKIE];
  if (session) return authenticateSession(deps.cache, deps.clients.users, req, session, subdomain, client, host);
  throw new UnauthorizedError();
}

/**
 * The scheme a 401 challenges with: `Session` for a browser's requests, so it shows no password
 * prompt of its own: /json, the login pages, and the file routes (uploads, tus, serving) asked
 * with a session cookie and no Basic credentials (a browser whose session ended: the web
 * client's tus uploads go to /api/v1/tus, as Zulip's web app's do); Basic for the rest.
 */
function challengeOf(req: IncomingMessage, path: string): AuthScheme {
  if (apiPrefixOf(path)?.credentials === 'session' || path.startsWith('/accounts/')) return 'session';
  const browser = req.headers.authorization === undefined && parseCookies(req.headers.cookie)[SESSION_COOKIE] !== undefined;
  return browser && isFileRequest(req.method, path) ? 'session' : 'basic';
}

/** Authenticates; bad credentials count against the client's address (and may be refused with 429 instead). */
async function authenticateAnonymouslyLimited(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, client: string, opts: { credentials: Credentials | 'either' }): Promise<Caller> {
  try {
    return await authenticateRequest(deps, req, client, opts);
  } catch (err) {
    if (isApiError(err) && err.httpStatus === 401) await limitAnonymous(deps, req, res);
    throw err;
  }
}

/** The API, uploads and login paths: where responses carry rate-limit headers. */
function isLimitedPath(method: string | undefined, path: string): boolean {
  return apiPrefixOf(path) !== undefined || isFileRequest(method, path) || path === '/accounts/login';
}

/**
 * Counts a request without credentials against the client's address (refused past the limit
 * unless `refuse` is false): in the `anonymous` bucket, or `images` for public avatars and emoji.
 */
async function limitAnonymous(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, refuse = true, bucket: 'anonymous' | 'images' = 'anonymous'): Promise<undefined> {
  const limiter = deps.limiter;
  if (!limiter?.enabled) return undefined;
  const d = await limiter.check(bucket, limiter.clientIp(req));
  RateLimiter.apply(res, refuse ? d : { ...d, refused: false });
  return undefined;
}

/** Counts a user's request (a long poll only shows the figures), refused past the limit. */
async function limitUser(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, caller: Caller, count = true): Promise<Caller> {
  const limiter = deps.limiter;
  if (!limiter?.enabled) return caller;
  const d = await limiter.check('user', `${caller.realm_id}:${caller.user_id}`, count ? {} : { count: false });
  RateLimiter.apply(res, count ? d : { ...d, refused: false });
  return caller;
}

/**
 * A password-reset mail asked for an address (Zulip's password_reset_form_by_email rule):
 * every request counts, refused past the limit, whether or not the address has an account
 * (so the refusal tells nothing). Counted against the account the address names in the
 * Host's realm, whatever its spelling, else its folded form (the login rule's key); then
 * against the client's address (Zulip's sends_email_by_ip), so one client mails few.
 */
async function limitPasswordReset(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, email: string, client: string): Promise<void> {
  const limiter = deps.limiter;
  if (!limiter?.enabled) return;
  const { key } = await deps.clients.users.getLoginLimitKey({ username: email }, { client, host: req.headers.host ?? '' });
  RateLimiter.apply(res, await limiter.check('passwordReset', key));
  RateLimiter.apply(res, await limiter.check('mailByIp', limiter.clientIp(req)));
}

/**
 * A password login (Zulip's authenticate_by_username rule): refused once the account has used
 * up its failures, before the password is checked; only a failed password counts. The users
 * service names what to count against (the account the username resolves to in the Host's
 * realm, whatever its spelling: ADR 0014), so this holds no rule of how usernames compare.
 */
async function loginLimited(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, username: string, client: string, attempt: () => Promise<void>): Promise<void> {
  const limiter = deps.limiter;
  if (!limiter?.enabled) return attempt();
  const { key } = await deps.clients.users.getLoginLimitKey({ username }, { client, host: req.headers.host ?? '' });
  const before = await limiter.check('login', key, { count: false });
  if (before.refused) RateLimiter.apply(res, before);
  try {
    await attempt();
  } catch (err) {
    if (isApiError(err) && LOGIN_FAILURES.has(err.code)) await limiter.check('login', key);
    throw err;
  }
}

/** The refusals of a password login that count as a failed attempt (Zulip counts every refusal of the backend). */
const LOGIN_FAILURES = new Set<string>(['AUTHENTICATION_FAILED', 'NONEXISTENT_SUBDOMAIN']);

/**
 * POST /accounts/login (username, password): opens a browser session; its cookies come back.
 * A browser's form, so CSRF-checked first (checkLoginCsrf: same origin, the pre-login token).
 */
async function handleLogin(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await readParams(req, bodyLimits(deps.config));
  checkLoginCsrf(req, raw.csrfmiddlewaretoken);
  for (const name of ['username', 'password']) if (raw[name] === undefined) throw new MissingParameterError(name);
  const client = clientName(raw.client, req.headers['user-agent']);
  await limitAnonymous(deps, req, res);
  await loginLimited(deps, req, res, String(raw.username), client, async () => {
    const reply = await deps.clients.users.login({ username: String(raw.username), password: String(raw.password) }, { client, host: req.headers.host ?? '', device: deviceOf(deps, req) });
    res.setHeader('set-cookie', sessionCookies(reply, isHttps(req)));
    sendSuccess(res, replyJson('POST /accounts/login', { user_id: Number(reply.user_id) }));
  });
}

/** The User-Agent and address of a login (the address as the rate limits see it, behind trusted proxies). */
function deviceOf(deps: GatewayDeps, req: IncomingMessage): { user_agent: string; remote_addr: string } {
  return { user_agent: String(req.headers['user-agent'] ?? ''), remote_addr: deps.limiter?.clientIp(req) ?? req.socket.remoteAddress ?? '' };
}

/** POST /accounts/logout: ends the session of the cookie (with its CSRF token), clears it and sets a new pre-login CSRF token. */
async function handleLogout(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await readParams(req, bodyLimits(deps.config));
  const client = clientName(undefined, req.headers['user-agent']);
  const session = parseCookies(req.headers.cookie)[SESSION_COOKIE];
  if (!session) throw new UnauthorizedError();
  const host = req.headers.host ?? '';
  const caller = await authenticateSession(deps.cache, deps.clients.users, req, session, subdomainOf(deps, host), client, host);
  await deps.clients.users.logout({ session_id: session }, { caller, client, host });
  deps.cache.invalidate(caller.realm_id, caller.user_id);
  res.setHeader('set-cookie', loggedOutCookies(isHttps(req)));
  sendSuccess(res, replyJson('POST /accounts/logout', {}));
}

/**
 * GET and POST /accounts/unsubscribe/<kind>/<token>: a notification mail's unsubscribe link.
 * GET shows a page asking to confirm; POST turns that kind of mail off. The POST is RFC 8058's
 * one-click (body `List-Unsubscribe=One-Click`, made by the recipient's mail provider): no
 * session and no CSRF token, since the signed token in the path is the whole grant, and it
 * can only turn a notification off.
 */
async function handleUnsubscribe(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const [, kind, token] = UNSUBSCRIBE_PATH.exec(path)!;
  await limitAnonymous(deps, req, res);
  if (req.method === 'POST') await readParams(req, bodyLimits(deps.config));
  const confirm = req.method === 'POST';
  const client = clientName(undefined, req.headers['user-agent']);
  const reply = await deps.clients.users.unsubscribe({ kind, token, confirm }, { client, host: req.headers.host ?? '' });
  if (!confirm) return confirmPage(res, kind, reply.realm_name);
  if (wantsHtml(req)) return donePage(res, kind, reply.realm_name);
  sendSuccess(res, '{}');
}

/**
 * File bodies, which stream to and from the uploads service's HTTP server instead of
 * travelling in a gRPC message: POST /api/v1/user_uploads, POST /api/v1/realm/emoji/{name} and POST /api/v1/users/me/avatar
 * (uploads; /json/… too, for a browser's session), GET /user_uploads/<path_id> outside /api/v1 as in Zulip (temporary URLs need no
 * credentials: their token is the grant), avatars and custom emoji images under /user_avatars/
 * (public, as in Zulip), GET /avatar/{user_id_or_email}[/medium] (Zulip's redirects to a
 * user's avatar, for a caller), and the `:zulip:` emoji's image (public).
 */
export function isFileRequest(method: string | undefined, path: string): boolean {
  if (isTusPath(path)) return true;
  if (method === 'POST') return /^\/(?:api\/v1|json)\/(?:user_uploads|realm\/emoji\/[^/]+|users\/me\/avatar)$/.test(path);
  return (method === 'GET' || method === 'HEAD') && (path.startsWith('/user_uploads/') || path.startsWith('/user_avatars/') || path.startsWith('/avatar/') || path === ZULIP_EMOJI_IMAGE_PATH);
}

/**
 * The routes that take an API key in the query (`?api_key=`), as Zulip's
 * override_api_url_scheme views do, for clients that cannot set headers (a mobile app's image
 * loader): files and avatars read with GET. Nowhere else: the API itself never does.
 */
const takesQueryApiKey = (method: string | undefined, path: string) =>
  (method === 'GET' || method === 'HEAD') && ((path.startsWith('/user_uploads/') && !path.startsWith('/user_uploads/temporary/')) || path.startsWith('/avatar/'));

/** The request's query string without `api_key` (it goes no further than the gateway), with its `?`; '' for none. */
function queryWithoutApiKey(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return '';
  const params = new URLSearchParams(url.slice(at + 1));
  params.delete('api_key');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The `api_key` of the request's query string, if it has one. */
function queryApiKey(url: string): string | undefined {
  const at = url.indexOf('?');
  return at < 0 ? undefined : (new URLSearchParams(url.slice(at + 1)).get('api_key') ?? undefined);
}

/** /api/v1/tus: resumable uploads (the tus protocol), every method of it proxied. */
const isTusPath = (path: string) => path === `${API_PREFIX}/tus` || path.startsWith(`${API_PREFIX}/tus/`);

async function handleFile(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const target = { addr: deps.config.uploadsHttpAddr, secret: deps.config.secret, service: 'uploads', bodyIdleTimeoutMs: deps.config.limits.uploadIdleTimeoutMs };
  if (path.startsWith('/user_avatars/') || path === ZULIP_EMOJI_IMAGE_PATH) {
    await limitAnonymous(deps, req, res, true, 'images');
    return proxyRequest(target, req, res, path, undefined);
  }
  const anonymous =
    path.startsWith('/user_uploads/temporary/') ||
    // A CORS preflight carries no credentials.
    (isTusPath(path) && req.method === 'OPTIONS');
  if (anonymous) {
    await limitAnonymous(deps, req, res);
    return proxyRequest(target, req, res, path, undefined);
  }
  const api = apiPrefixOf(path);
  // Files take either credentials, except that /json takes only a browser's session.
  const credentials = api?.credentials === 'session' ? 'session' : 'either';
  const client = clientName(undefined, req.headers['user-agent']);
  const caller = await limitUser(deps, req, res, await authenticateFileRequest(deps, req, res, path, client, credentials));
  // tus keeps its /api/v1 path, so the Location it answers is the client's URL.
  const upstreamPath = api && !isTusPath(path) ? path.slice(api.prefix.length) : path;
  // An avatar's redirect carries the request's query on (Zulip's `?s=`…), but never the key.
  await proxyRequest(target, req, res, path.startsWith('/avatar/') ? `${upstreamPath}${queryWithoutApiKey(req.url ?? '')}` : upstreamPath, caller);
}

/**
 * A file request's caller, by Zulip's order for the routes that also take `api_key` in the
 * query: the Authorization header first, then the query's key, then a browser's session.
 */
async function authenticateFileRequest(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, path: string, client: string, credentials: Credentials | 'either'): Promise<Caller> {
  const apiKey = req.headers.authorization === undefined && takesQueryApiKey(req.method, path) ? queryApiKey(req.url ?? '') : undefined;
  if (apiKey === undefined) return authenticateAnonymouslyLimited(deps, req, res, client, { credentials });
  const host = req.headers.host ?? '';
  try {
    return await authenticateApiKey(deps.cache, deps.clients.users, apiKey, subdomainOf(deps, host), client, host);
  } catch (err) {
    if (isApiError(err) && err.httpStatus === 401) await limitAnonymous(deps, req, res);
    throw err;
  }
}

async function ready(deps: GatewayDeps, res: ServerResponse): Promise<void> {
  try {
    await deps.clients.users.health({}, { client: 'gateway', host: '' }, { deadlineMs: 2000 });
    sendJson(res, 200, '{"status":"ready"}');
  } catch {
    sendJson(res, 503, '{"status":"not ready"}');
  }
}

/** What an ordinary request's parameters may be: size, count, and time to arrive. */
function bodyLimits(config: GatewayConfig): BodyLimits {
  return { maxBytes: config.maxBodyBytes, maxParams: config.limits.maxParams, timeoutMs: config.limits.bodyTimeoutMs };
}

function internal(log: Logger, err: unknown): ApiError {
  // A client that went away is not a failure of ours: nobody reads the answer.
  if (isClientAbort(err)) {
    log.debug({ reason: (err as Error).message }, 'client aborted the request');
    return new RequestAbortedError();
  }
  log.error({ err }, 'unexpected gateway error');
  return new InternalError();
}
