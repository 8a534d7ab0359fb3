// Resumable uploads: the subset of tus 1.0.0 (https://tus.io/protocols/resumable-upload) Parley
// serves at /api/v1/tus, as Zulip's web app reaches it (Uppy there; a few dozen lines here).
// The browser's session cookie authenticates it, unsafe methods with the CSRF token echoed.
// - creation: POST with Upload-Length and Upload-Metadata (filename and filetype, base64);
//   the answer's Location names the upload;
// - PATCH chunks of CHUNK_BYTES (application/offset+octet-stream at Upload-Offset), by XHR for
//   upload progress; the last one answers Zulip's {url, filename};
// - a network error, a 5xx or an offset conflict (409): wait (RETRY_DELAYS_MS), ask the server
//   where the upload stands (HEAD → Upload-Offset) and go on from there; at most
//   RETRY_DELAYS_MS.length retries in a row (a chunk that gets through starts the count anew);
// - cancelling aborts the request in flight and deletes the upload (termination);
// - an upload cut short (the tab closed or reloaded, the network gone past the retries) is
//   remembered by the file's fingerprint (name, size, type, date) in the browser's storage:
//   the same file chosen again resumes from the offset HEAD reports, as tus-js-client does.
//   A finished, cancelled or refused upload is forgotten.
// The transport, the clock and the storage are parameters, so the unit tests drive it all.

export const TUS_ENDPOINT = '/api/v1/tus';
const MIB = 1024 * 1024;
/** The bytes each PATCH carries (the last one the rest). */
export const CHUNK_BYTES = 5 * MIB;
/** The waits before each retry in a row; one more failure after the last gives up. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 16000];

/** A refusal or failure of a tus request: the server's message (its envelope's `msg` when it has one). */
export class TusError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** One HTTP exchange as the protocol needs it; status 0 is a network error (no answer). */
export interface TusResponse {
  status: number;
  header(name: string): string | null;
  text: string;
}
export interface TusRequest {
  method: 'POST' | 'PATCH' | 'HEAD' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: Blob;
  /** Bytes of the body sent so far (PATCH). */
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
}
/** Sends a request; rejects only with an AbortError when `signal` aborts it. */
export type TusTransport = (req: TusRequest) => Promise<TusResponse>;

export interface TusOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Headers of every request (the CSRF token). */
  headers?: () => Record<string, string>;
  /** Told of a 401 (the session ended). */
  onUnauthorized?: () => void;
  endpoint?: string;
  chunkBytes?: number;
  retryDelaysMs?: readonly number[];
  transport?: TusTransport;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Where unfinished uploads are remembered (default: localStorage, when the browser has it). */
  store?: UploadStore;
}

/** The part of the Storage API that remembers unfinished uploads. */
export interface UploadStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The key an unfinished upload of this file is remembered by. */
export function fingerprint(file: Blob & { name?: string; lastModified?: number }, endpoint: string): string {
  return `parley-tus:${endpoint}:${file.name ?? ''}:${file.size}:${file.type}:${file.lastModified ?? ''}`;
}

/** localStorage, or nothing when the browser refuses it (private windows, tests). */
function browserStore(): UploadStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Upload-Metadata: comma-separated `key base64(UTF-8 value)` pairs. */
export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${base64(new TextEncoder().encode(value))}`)
    .join(',');
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The byte range the next PATCH sends from `offset`: [start, end), never past the file. */
export function nextChunk(size: number, offset: number, chunkBytes = CHUNK_BYTES): { start: number; end: number } {
  return { start: offset, end: Math.min(size, offset + chunkBytes) };
}

/** The ranges of an upload sent from `offset` without a failure. */
export function chunkPlan(size: number, offset = 0, chunkBytes = CHUNK_BYTES): { start: number; end: number }[] {
  const plan = [];
  for (let at = offset; at < size; at += chunkBytes) plan.push(nextChunk(size, at, chunkBytes));
  return plan;
}

/** The wait before retry number `attempt` (1-based) in a row; undefined: give up. */
export function retryDelay(attempt: number, delays: readonly number[] = RETRY_DELAYS_MS): number | undefined {
  return attempt >= 1 && attempt <= delays.length ? delays[attempt - 1] : undefined;
}

/** Whether a failed answer is worth a retry after asking for the offset: none, a 5xx, or 409 (offsets disagree). */
export const isRetryable = (status: number): boolean => status === 0 || status >= 500 || status === 409 || status === 423;

/** The user-facing message of a refused answer: the envelope's `msg`, else tus's text, else the status. */
export function refusal(res: TusResponse): TusError {
  if (res.status === 0) return new TusError('NETWORK_ERROR', 'The upload failed: Parley could not be reached.', 0);
  try {
    const body = JSON.parse(res.text) as { code?: string; msg?: string };
    if (typeof body.msg === 'string' && body.msg) return new TusError(body.code ?? 'BAD_REQUEST', body.msg, res.status);
  } catch {
    /* not JSON: tus answers refusals as text */
  }
  const text = res.text.trim();
  if (res.status === 413) return new TusError('BAD_REQUEST', `The file is too large${text ? ` (${text})` : ''}.`, 413);
  return new TusError('BAD_REQUEST', text ? `Upload failed: ${text} (${res.status})` : `Upload failed (${res.status})`, res.status);
}

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

/** Waits `ms`, or rejects with an AbortError when the signal aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The browser's transport: XMLHttpRequest (fetch cannot report upload progress). */
export const xhrTransport: TusTransport = (req) =>
  new Promise((resolve, reject) => {
    if (req.signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, req.url);
    for (const [name, value] of Object.entries(req.headers)) xhr.setRequestHeader(name, value);
    if (req.onProgress) {
      const onProgress = req.onProgress;
      xhr.upload.onprogress = (e) => onProgress(e.loaded);
    }
    const onAbort = () => xhr.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => req.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), text: xhr.responseText });
    };
    xhr.onerror = xhr.ontimeout = () => {
      done();
      resolve({ status: 0, header: () => null, text: '' });
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(req.body ?? null);
  });

/**
 * Uploads a file by tus, resuming after failures, and answers the finished upload's URL and
 * name as Zulip's last PATCH gives them. Rejects with a TusError (the server's message), or an
 * AbortError when `signal` aborts it (the upload is then deleted on the server).
 */
export async function tusUpload(file: Blob & { name?: string; lastModified?: number }, opts: TusOptions = {}): Promise<{ url: string; filename: string }> {
  const transport = opts.transport ?? xhrTransport;
  const wait = opts.sleep ?? sleep;
  const chunkBytes = opts.chunkBytes ?? CHUNK_BYTES;
  const delays = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
  const { signal } = opts;
  const size = file.size;
  const headers = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...opts.headers?.(), ...extra });
  const report = (offset: number) => opts.onProgress?.(size === 0 ? 1 : Math.min(1, offset / size));
  const refused = (res: TusResponse) => {
    if (res.status === 401) opts.onUnauthorized?.();
    return refusal(res);
  };

  /** Sends a request, retrying what is retryable with the delays; `recover` runs before each retry. */
  async function withRetries(send: () => Promise<TusResponse>, accept: (res: TusResponse) => boolean, recover?: () => Promise<void>): Promise<TusResponse> {
    for (let attempt = 1; ; attempt++) {
      const res = await send();
      if (accept(res)) return res;
      const delay = retryDelay(attempt, delays);
      if (!isRetryable(res.status) || delay === undefined) throw refused(res);
      await wait(delay, signal);
      await recover?.();
    }
  }

  const name = file.name ?? 'file';
  const endpoint = opts.endpoint ?? TUS_ENDPOINT;
  const store = opts.store ?? browserStore();
  const key = fingerprint(file, endpoint);

  /** The remembered upload of this file and the server's offset, if the server still has it whole. */
  async function remembered(): Promise<{ location: string; offset: number } | undefined> {
    const location = store?.getItem(key);
    if (!location) return undefined;
    const res = await transport({ method: 'HEAD', url: location, headers: headers(), signal });
    const offset = Number(res.header('upload-offset'));
    if (res.status === 200 && Number(res.header('upload-length')) === size && Number.isInteger(offset) && offset >= 0 && offset <= size) return { location, offset };
    // Gone (finished, expired, deleted, another user's) or not this file: a new upload.
    store?.removeItem(key);
    return undefined;
  }

  async function create(): Promise<string> {
    const created = await withRetries(
      () =>
        transport({
          method: 'POST',
          url: endpoint,
          headers: headers({ 'upload-length': String(size), 'upload-metadata': encodeMetadata({ filename: name, filetype: file.type || 'application/octet-stream' }) }),
          signal,
        }),
      (res) => res.status === 201 && res.header('location') !== null,
    );
    const location = new URL(created.header('location')!, globalThis.location?.href ?? 'http://localhost/').pathname;
    store?.setItem(key, location);
    return location;
  }

  const resumed = await remembered();
  const location = resumed?.location ?? (await create());
  const forget = () => store?.removeItem(key);
  const terminate = () => void transport({ method: 'DELETE', url: location, headers: headers() }).catch(() => undefined);

  try {
    let offset = resumed?.offset ?? 0;
    let failures = 0;
    report(offset);
    for (;;) {
      const { start, end } = nextChunk(size, offset, chunkBytes);
      const res = await transport({
        method: 'PATCH',
        url: location,
        headers: headers({ 'upload-offset': String(start), 'content-type': 'application/offset+octet-stream' }),
        body: file.slice(start, end),
        onProgress: (loaded) => report(start + loaded),
        signal,
      });
      if (res.status === 200 || res.status === 204) {
        failures = 0;
        offset = Number(res.header('upload-offset') ?? end);
        report(offset);
        if (res.status === 200 || offset >= size) {
          forget();
          return finished(res, name);
        }
        continue;
      }
      failures++;
      const delay = retryDelay(failures, delays);
      if (!isRetryable(res.status)) {
        forget();
        throw refused(res);
      }
      // Out of retries: remembered, so the same file chosen again resumes.
      if (delay === undefined) throw refused(res);
      await wait(delay, signal);
      // Where the server stands: what arrived of the failed PATCH is kept there.
      const state = await withRetries(
        () => transport({ method: 'HEAD', url: location, headers: headers(), signal }),
        (r) => r.status === 200 && r.header('upload-offset') !== null,
      );
      offset = Number(state.header('upload-offset'));
      report(offset);
    }
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') {
      forget();
      terminate();
    }
    throw err;
  }
}

/** The last PATCH's answer: Zulip's {url, filename}. */
function finished(res: TusResponse, name: string): { url: string; filename: string } {
  let body: { url?: string; uri?: string; filename?: string } = {};
  try {
    body = JSON.parse(res.text) as typeof body;
  } catch {
    /* checked below */
  }
  const url = body.url ?? body.uri;
  if (!url) throw new TusError('BAD_REQUEST', 'The upload finished without a link to the file.', res.status);
  return { url, filename: body.filename ?? name };
}
