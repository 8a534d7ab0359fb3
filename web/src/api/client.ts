// The one way the client talks to Parley: the typed client generated from Parley's own
// OpenAPI description (openapi-typescript types, openapi-fetch calls), over Zulip's web-app
// prefix /json with the browser's session cookie. Unsafe methods echo the `csrftoken` cookie
// in X-CSRFToken (the cookie is readable on purpose: index.html is static). A 401 means the
// session ended: listeners return the user to the login page.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './generated/parley-api';
import { TusError, tusUpload } from './tus';

/** An error answer from Parley: its `code` and `msg`, shown to the user as they are. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The value of a cookie of this page (undefined when absent). */
export function cookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Zulip's request encoding: a form whose strings go as they are and everything else as JSON. */
export function formBody(body: unknown): string {
  return new URLSearchParams(
    Object.entries((body ?? {}) as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const sessionEndedListeners = new Set<() => void>();
/** Called when Parley answers 401: the session expired or was logged out elsewhere. */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Logging out in one tab ends the others at once (they would otherwise learn it from their next
 * request's 401, up to a long poll later): the tab that logged out says so to the others.
 */
const sessionChannel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('parley-session');
sessionChannel?.addEventListener('message', (e: MessageEvent<string>) => {
  if (e.data === 'logged-out') for (const listener of sessionEndedListeners) listener();
});
export async function logOut(): Promise<void> {
  await fetch('/accounts/logout', { method: 'POST', credentials: 'same-origin', headers: { 'x-csrftoken': cookie('csrftoken') ?? '' } }).catch(() => undefined);
  sessionChannel?.postMessage('logged-out');
}

const session: Middleware = {
  onRequest({ request }) {
    if (!SAFE.has(request.method)) request.headers.set('x-csrftoken', cookie('csrftoken') ?? '');
    return request;
  },
  onResponse({ response }) {
    if (response.status === 401) for (const listener of sessionEndedListeners) listener();
    return response;
  },
};

export const client = createClient<paths>({
  baseUrl: '/json',
  credentials: 'same-origin',
  bodySerializer: formBody,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
client.use(session);

/** An error answer's body as Zulip writes it. */
interface ErrorBody {
  result?: string;
  code?: string;
  msg?: string;
}

/**
 * The data of a call's answer, or an ApiError with the answer's `code` and `msg` (a network
 * failure becomes code NETWORK_ERROR, so the caller can tell "Parley is unreachable").
 */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let answer: { data?: T; error?: unknown; response: Response };
  try {
    answer = await call;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('NETWORK_ERROR', 'Cannot reach Parley. Check your connection.', 0);
  }
  if (answer.data !== undefined && answer.response.ok) return answer.data;
  const body = (answer.error ?? {}) as ErrorBody & Record<string, unknown>;
  throw new ApiError(body.code ?? 'BAD_REQUEST', body.msg ?? `${answer.response.status} ${answer.response.statusText}`, answer.response.status, body);
}

/**
 * A POST the generated client does not make (a form outside /json, a multipart file), with the
 * CSRF token, answering as ok() does: the body of a success, else an ApiError with its `msg`.
 */
async function post<T>(path: string, init: { body: BodyInit; headers?: Record<string, string> }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'same-origin', body: init.body, headers: { ...init.headers, 'x-csrftoken': cookie('csrftoken') ?? '' } });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'Cannot reach Parley. Check your connection.', 0);
  }
  const body = (await response.json().catch(() => ({}))) as ErrorBody & T;
  if (response.status === 401) for (const listener of sessionEndedListeners) listener();
  if (!response.ok || body.result !== 'success') throw new ApiError(body.code ?? 'BAD_REQUEST', body.msg ?? `${response.status} ${response.statusText}`, response.status);
  return body;
}

/** POST a form outside /json (the login page). */
export const postForm = <T>(path: string, params: Record<string, string>): Promise<T> => post<T>(path, { body: formBody(params), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/**
 * POST /accounts/login, as Zulip's login form posts it: with the pre-login `csrftoken` cookie,
 * which the page's answer set, echoed (postForm). A page whose cookie went meanwhile (cleared,
 * or older than its year) asks the login page for a new one first.
 */
export async function logIn(username: string, password: string): Promise<void> {
  if (!cookie('csrftoken')) await fetch('/login/', { method: 'HEAD', credentials: 'same-origin' }).catch(() => undefined);
  await postForm('/accounts/login', { username, password });
}

/** POST one file as multipart to a /json file route (custom emoji, avatars). */
export function postFile<T>(path: string, file: File): Promise<T> {
  const data = new FormData();
  data.append('file', file, file.name);
  return post<T>(path, { body: data });
}

/** The message of any error, as the user should read it. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}

/**
 * Files larger than this go by tus (resumable, in chunks: tus.ts); smaller ones in one POST to
 * /json/user_uploads, as Zulip's web app sends them.
 */
export const RESUMABLE_ABOVE_BYTES = 5 * 1024 * 1024;

/** The refusal of a file over the realm's `max_file_upload_size_mib`, before any byte is sent. */
export function tooLarge(file: { name: string; size: number }, maxMib: number | undefined): ApiError | undefined {
  if (maxMib === undefined || file.size <= maxMib * 1024 * 1024) return undefined;
  return new ApiError('BAD_REQUEST', `${file.name} is too large: files may be at most ${maxMib} MiB here.`, 0);
}

/**
 * Upload a file with progress, answering its URL and name as Zulip does: by tus (resumable)
 * above RESUMABLE_ABOVE_BYTES, else in one POST to /json/user_uploads. A file over `maxMib`
 * (the realm's max_file_upload_size_mib) is refused without being sent.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal, maxMib?: number): Promise<{ url: string; filename: string }> {
  const refused = tooLarge(file, maxMib);
  if (refused) return Promise.reject(refused);
  if (file.size > RESUMABLE_ABOVE_BYTES) return resumableUpload(file, onProgress, signal);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/json/user_uploads');
    xhr.setRequestHeader('x-csrftoken', cookie('csrftoken') ?? '');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 'The upload failed: Parley could not be reached.', 0));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      let body: ErrorBody & { url?: string; uri?: string; filename?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: reported below by status */
      }
      if (xhr.status === 401) for (const listener of sessionEndedListeners) listener();
      if (xhr.status !== 200 || body.result !== 'success') return reject(new ApiError(body.code ?? 'BAD_REQUEST', body.msg ?? `Upload failed (${xhr.status})`, xhr.status));
      resolve({ url: body.url ?? body.uri ?? '', filename: body.filename ?? file.name });
    };
    signal?.addEventListener('abort', () => xhr.abort());
    const data = new FormData();
    data.append('file', file, file.name);
    xhr.send(data);
  });
}

/** A tus upload with the session's CSRF token; its refusals as ApiErrors. */
async function resumableUpload(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<{ url: string; filename: string }> {
  try {
    return await tusUpload(file, {
      onProgress,
      signal,
      headers: () => ({ 'x-csrftoken': cookie('csrftoken') ?? '' }),
      onUnauthorized: () => {
        for (const listener of sessionEndedListeners) listener();
      },
    });
  } catch (err) {
    if (err instanceof TusError) throw new ApiError(err.code, err.message, err.status);
    throw err;
  }
}
