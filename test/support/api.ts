import http from 'node:http';
import { assertMatchesContract, assertMatchesParleyContract } from './openapi';
import { rememberSecrets } from './run-log';

/**
 * A small HTTP client for the tests. Every response body is checked against the Zulip
 * OpenAPI reference (a mismatch fails the test), unless the call opts out with
 * `{ contract: false }` for a path the reference does not document.
 */
export type Params = Record<string, string | number | boolean | object | null | undefined>;

export interface ApiResponse<T = Record<string, any>> {
  status: number;
  body: T;
  headers: http.IncomingHttpHeaders;
}

export interface Credentials {
  email: string;
  api_key: string;
  /**
   * The Host of the credentials' realm (`<subdomain>.<EXTERNAL_HOST>`), sent with every request
   * made with them: a request is bound to the realm its Host names, the bare address naming the
   * root realm. Absent for the root realm.
   */
  host?: string;
}

/** The Host that names a realm on the server under test (whose EXTERNAL_HOST is its address). */
export function realmHost(subdomain: string, base = baseUrl()): string | undefined {
  return subdomain ? `${subdomain}.${new URL(base).host}` : undefined;
}

/** Request headers for a realm's Host (none for the root realm). */
export const hostHeader = (creds: Credentials | undefined): Record<string, string> => (creds?.host ? { host: creds.host } : {});

export function baseUrl(): string {
  const url = process.env.PARLEY_TEST_URL;
  if (!url) throw new Error('PARLEY_TEST_URL is not set: run the tests through jest (test/support/global-setup.ts)');
  return url;
}

/** Zulip's encoding: strings as they are, everything else JSON. */
export function encodeParams(params: Params): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    out.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return out;
}

export function basicAuth(creds: Credentials): string {
  return `Basic ${Buffer.from(`${creds.email}:${creds.api_key}`).toString('base64')}`;
}

/** Password parameters of a request body, so the run's log scan looks for them (run-log.ts). */
function passwordsIn(body: URLSearchParams | string | undefined): string[] {
  if (!(body instanceof URLSearchParams)) return [];
  return [...body.entries()].filter(([k]) => /password/.test(k)).map(([, v]) => v);
}

export class Api {
  constructor(
    readonly creds?: Credentials,
    readonly base = baseUrl(),
  ) {}

  as(creds: Credentials | undefined): Api {
    return new Api(creds, this.base);
  }

  get<T = Record<string, any>>(path: string, params: Params = {}, opts: RequestOpts = {}) {
    const qs = encodeParams(params).toString();
    return this.request<T>('GET', qs ? `${path}?${qs}` : path, undefined, opts);
  }

  post<T = Record<string, any>>(path: string, params: Params = {}, opts: RequestOpts = {}) {
    return this.request<T>('POST', path, encodeParams(params), opts);
  }

  patch<T = Record<string, any>>(path: string, params: Params = {}, opts: RequestOpts = {}) {
    return this.request<T>('PATCH', path, encodeParams(params), opts);
  }

  delete<T = Record<string, any>>(path: string, params: Params = {}, opts: RequestOpts = {}) {
    return this.request<T>('DELETE', path, encodeParams(params), opts);
  }

  async request<T>(method: string, path: string, body: URLSearchParams | string | undefined, opts: RequestOpts = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...hostHeader(this.creds), ...opts.headers };
    if (this.creds && !('authorization' in headers)) headers.authorization = basicAuth(this.creds);
    rememberSecrets(this.creds?.api_key, ...passwordsIn(body));
    const payload = body === undefined ? undefined : Buffer.from(body.toString());
    if (payload) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      headers['content-length'] = String(payload.length);
    }
    const { status, text, headers: resHeaders } = await send(method, new URL(`${this.base}/api/v1${path}`), headers, payload);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: ${status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    if (opts.contract === 'envelope') {
      assertEnvelope(method, path, status, parsed);
      assertMatchesParleyContract({ method, path, status, body: parsed });
    } else if (opts.contract !== false) assertMatchesContract({ method, path, status, body: parsed });
    return { status, body: parsed as T, headers: resHeaders };
  }
}

/** node:http rather than fetch: fetch may not set Host, and realm subdomains are Hosts. */
function send(method: string, url: URL, headers: Record<string, string>, payload?: Buffer) {
  return new Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export interface RequestOpts {
  headers?: Record<string, string>;
  /**
   * false for a check made by hand at the call (say why); 'envelope' for endpoints the Zulip
   * reference does not document (PATCH /realm): only the envelope is checked.
   */
  contract?: boolean | 'envelope';
}

/** The REST envelope alone: success with an empty msg, or an error with msg and code. */
function assertEnvelope(method: string, path: string, status: number, body: unknown): void {
  const b = body as { result?: unknown; msg?: unknown; code?: unknown };
  const ok = status < 400 ? b.result === 'success' && b.msg === '' : b.result === 'error' && typeof b.msg === 'string' && typeof b.code === 'string';
  if (!ok) throw new Error(`${method} ${path} (${status}): not a valid envelope: ${JSON.stringify(body).slice(0, 300)}`);
}
