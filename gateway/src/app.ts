import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ApiError, Caller, InternalError, isApiError, Logger, NotFoundError, RpcClients, subdomainFromHost, UnauthorizedError,
} from '@parley/common';
import { AuthCache, authenticate, parseBasicAuth } from './auth';
import { readParams } from './body';
import { clientName } from './client-name';
import { sendError, sendJson, sendSuccess } from './envelope';
import { parseParams } from './params';
import { Router } from './router';
import type { GatewayConfig } from './config';

export interface GatewayDeps {
  config: GatewayConfig;
  clients: RpcClients;
  cache: AuthCache;
  router: Router;
  log: Logger;
}

const API_PREFIX = '/api/v1';
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
      if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) throw new NotFoundError();
      await handleApi(deps, req, res, path.slice(API_PREFIX.length));
    } catch (err) {
      const apiErr = isApiError(err) ? err : internal(deps.log, err);
      sendError(res, apiErr);
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      deps.log.debug({ method: req.method, path, status: res.statusCode, ms }, 'request');
    }
  };
}

async function handleApi(deps: GatewayDeps, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const match = deps.router.match(req.method ?? 'GET', path);
  if (match.kind === 'none') throw new NotFoundError();
  if (match.kind === 'method-not-allowed') {
    throw new ApiError('BAD_REQUEST', `Method Not Allowed (${req.method}); this endpoint takes ${match.allowed.join(', ')}`, 405);
  }
  const raw = await readParams(req, deps.config.maxBodyBytes);
  const host = req.headers.host ?? '';
  const client = clientName(raw.client, req.headers['user-agent']);
  let caller: Caller | undefined;
  if (match.route.auth === 'user') {
    const creds = parseBasicAuth(req.headers.authorization);
    if (!creds) throw new UnauthorizedError();
    // Only a Host that names a subdomain binds the request to that realm; the bare
    // EXTERNAL_HOST (or an IP, a proxy's name) serves users of every realm.
    const subdomain = subdomainFromHost(host, deps.config.externalHost) || undefined;
    caller = await authenticate(deps.cache, deps.clients.users, creds, subdomain, client, host);
  }
  const { values, ignored } = parseParams(match.route.params, raw, match.path, ALWAYS_ACCEPTED);
  // A client that goes away (a long poll it gave up on) cancels the call behind it.
  const gone = new AbortController();
  const onClose = () => res.writableEnded || gone.abort();
  res.on('close', onClose);
  try {
    const reply = await deps.clients[match.route.service].call<{ json: string }>(
      match.route.rpc, values, { caller, client, host }, match.route.deadlineMs, gone.signal,
    );
    sendSuccess(res, reply.json, ignored);
  } finally {
    res.off('close', onClose);
  }
}

async function ready(deps: GatewayDeps, res: ServerResponse): Promise<void> {
  try {
    await deps.clients.users.call('Health', {}, { client: 'gateway', host: '' }, 2000);
    sendJson(res, 200, '{"status":"ready"}');
  } catch {
    sendJson(res, 503, '{"status":"not ready"}');
  }
}

function internal(log: Logger, err: unknown): ApiError {
  log.error({ err }, 'unexpected gateway error');
  return new InternalError();
}
