// The tus client's pure parts (metadata, chunks, retries, messages) and the whole protocol
// against a scripted transport: creation, chunks, a failed PATCH resumed from the offset HEAD
// reports, giving up after the bounded retries, cancelling (abort + DELETE), and an upload cut
// short resumed when the same file is chosen again (remembered by its fingerprint).
import { chunkPlan, encodeMetadata, fingerprint, isRetryable, nextChunk, refusal, RETRY_DELAYS_MS, retryDelay, TusError, tusUpload, type TusRequest, type TusResponse, type UploadStore } from './tus';

const MIB = 1024 * 1024;
const answer = (status: number, headers: Record<string, string> = {}, text = ''): TusResponse => ({
  status,
  header: (name) => headers[name.toLowerCase()] ?? null,
  text,
});
const decode = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

describe('tus metadata', () => {
  it('encodes each value as base64 of its UTF-8 bytes, pairs separated by commas', () => {
    const header = encodeMetadata({ filename: 'résumé final ✔.pdf', filetype: 'application/pdf' });
    const pairs = header.split(',').map((p) => p.split(' '));
    expect(pairs.map(([k]) => k)).toEqual(['filename', 'filetype']);
    expect(pairs.map(([, v]) => decode(v))).toEqual(['résumé final ✔.pdf', 'application/pdf']);
    expect(encodeMetadata({ filename: 'a.txt' })).toBe(`filename ${btoa('a.txt')}`);
  });
});

describe('tus chunks', () => {
  it('cover the file from the offset in chunks of at most CHUNK_BYTES', () => {
    expect(chunkPlan(12 * MIB)).toEqual([
      { start: 0, end: 5 * MIB },
      { start: 5 * MIB, end: 10 * MIB },
      { start: 10 * MIB, end: 12 * MIB },
    ]);
    // Resumed from an offset the server reported, mid-chunk.
    expect(chunkPlan(12 * MIB, 7 * MIB)).toEqual([{ start: 7 * MIB, end: 12 * MIB }]);
    expect(chunkPlan(10, 0, 4)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 10 },
    ]);
    expect(chunkPlan(10, 10, 4)).toEqual([]);
    expect(nextChunk(10, 8, 4)).toEqual({ start: 8, end: 10 });
  });
});

describe('tus retries', () => {
  it('wait 1, 2, 4, 8 and 16 s, then give up', () => {
    expect(RETRY_DELAYS_MS).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, undefined]);
    expect(retryDelay(0)).toBeUndefined();
  });

  it('retry network errors, 5xx and offset conflicts, not refusals', () => {
    expect([0, 500, 502, 503, 409, 423].every(isRetryable)).toBe(true);
    expect([400, 401, 403, 404, 410, 412, 413].some(isRetryable)).toBe(false);
  });

  it("show the envelope's msg, else tus's text, else the status", () => {
    const envelope = refusal(answer(403, {}, JSON.stringify({ result: 'error', code: 'CSRF_FAILED', msg: 'CSRF error: CSRF token missing.' })));
    expect([envelope.code, envelope.message, envelope.status]).toEqual(['CSRF_FAILED', 'CSRF error: CSRF token missing.', 403]);
    expect(refusal(answer(413, {}, 'Maximum size exceeded\n')).message).toBe('The file is too large (Maximum size exceeded).');
    expect(refusal(answer(404)).message).toBe('Upload failed (404)');
    expect(refusal(answer(0)).code).toBe('NETWORK_ERROR');
  });
});

/** A tus server in memory behind a transport, failing the requests `fail` picks. */
function scriptedServer(size: number, fail: (req: TusRequest, n: number) => TusResponse | 'keep-half' | undefined = () => undefined) {
  const log: string[] = [];
  let stored = 0;
  let n = 0;
  const transport = async (req: TusRequest): Promise<TusResponse> => {
    n++;
    log.push(`${req.method} ${req.headers['upload-offset'] ?? ''}`.trim());
    expect(req.headers['tus-resumable']).toBe('1.0.0');
    expect(req.headers['x-csrftoken']).toBe('token');
    const failure = fail(req, n);
    if (req.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (failure === 'keep-half') {
      // The connection dropped mid-PATCH: half the chunk arrived.
      stored += req.body!.size / 2;
      return answer(0);
    }
    if (failure) return failure;
    switch (req.method) {
      case 'POST':
        expect(req.headers['upload-length']).toBe(String(size));
        return answer(201, { location: '/api/v1/tus/abc' });
      case 'HEAD':
        if (req.url !== '/api/v1/tus/abc') return answer(404);
        return answer(200, { 'upload-offset': String(stored), 'upload-length': String(size) });
      case 'PATCH': {
        if (Number(req.headers['upload-offset']) !== stored) return answer(409);
        expect(req.headers['content-type']).toBe('application/offset+octet-stream');
        req.onProgress?.(req.body!.size / 2);
        stored += req.body!.size;
        if (stored < size) return answer(204, { 'upload-offset': String(stored) });
        return answer(200, {}, JSON.stringify({ url: '/user_uploads/1/ab/big.bin', filename: 'big.bin' }));
      }
      case 'DELETE':
        return answer(204);
    }
  };
  return { transport, log };
}

/** The browser's storage, in memory. */
function memoryStore(): UploadStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

const waits: number[] = [];
const fakeSleep = async (ms: number) => void waits.push(ms);
const file = (size: number) => Object.assign(new Blob([new Uint8Array(size)], { type: 'application/octet-stream' }), { name: 'big.bin' });
const base = { headers: () => ({ 'x-csrftoken': 'token' }), chunkBytes: 4, sleep: fakeSleep };

describe('tusUpload', () => {
  beforeEach(() => (waits.length = 0));

  it('creates the upload, sends it in chunks with progress, and answers the url and filename', async () => {
    const server = scriptedServer(10);
    const progress: number[] = [];
    const done = await tusUpload(file(10), { ...base, transport: server.transport, onProgress: (f) => progress.push(f) });
    expect(done).toEqual({ url: '/user_uploads/1/ab/big.bin', filename: 'big.bin' });
    expect(server.log).toEqual(['POST', 'PATCH 0', 'PATCH 4', 'PATCH 8']);
    expect(progress).toEqual([0, 0.2, 0.4, 0.6, 0.8, 0.9, 1]);
    expect(waits).toEqual([]);
  });

  it('after a PATCH cut off, waits, asks where the upload stands and resumes from there', async () => {
    const server = scriptedServer(10, (req, n) => (req.method === 'PATCH' && n === 3 ? 'keep-half' : undefined));
    const done = await tusUpload(file(10), { ...base, transport: server.transport });
    expect(done.url).toBe('/user_uploads/1/ab/big.bin');
    // Half of the second chunk arrived: the next PATCH starts at 6, not 4.
    expect(server.log).toEqual(['POST', 'PATCH 0', 'PATCH 4', 'HEAD', 'PATCH 6']);
    expect(waits).toEqual([1000]);
  });

  it('retries 5xx and network errors with growing waits, the count starting anew after a chunk gets through', async () => {
    const server = scriptedServer(10, (req, n) => (req.method === 'PATCH' && [3, 5, 8].includes(n) ? answer(n === 5 ? 0 : 503) : undefined));
    await tusUpload(file(10), { ...base, transport: server.transport });
    expect(server.log).toEqual(['POST', 'PATCH 0', 'PATCH 4', 'HEAD', 'PATCH 4', 'HEAD', 'PATCH 4', 'PATCH 8', 'HEAD', 'PATCH 8']);
    expect(waits).toEqual([1000, 2000, 1000]);
  });

  it('gives up after five retries in a row, with the last failure', async () => {
    const server = scriptedServer(10, (req) => (req.method === 'PATCH' ? answer(502, {}, '{"result":"error","code":"BAD_GATEWAY","msg":"Upstream unavailable"}') : undefined));
    const failed = tusUpload(file(10), { ...base, transport: server.transport });
    await expect(failed).rejects.toEqual(new TusError('BAD_GATEWAY', 'Upstream unavailable', 502));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(server.log.filter((l) => l.startsWith('PATCH'))).toHaveLength(6);
  });

  it('does not retry a refusal: its message, and the session-ended hook on 401', async () => {
    const server = scriptedServer(10, (req) => (req.method === 'POST' ? answer(413, {}, 'Maximum size exceeded\n') : undefined));
    await expect(tusUpload(file(10), { ...base, transport: server.transport })).rejects.toThrow('The file is too large (Maximum size exceeded).');
    let ended = 0;
    const gone = scriptedServer(10, (req) => (req.method === 'PATCH' ? answer(401, {}, '{"result":"error","code":"UNAUTHORIZED","msg":"Not logged in"}') : undefined));
    await expect(tusUpload(file(10), { ...base, transport: gone.transport, onUnauthorized: () => ended++ })).rejects.toThrow('Not logged in');
    expect([ended, waits]).toEqual([1, []]);
  });

  it('remembers an upload cut short past its retries, and resumes it when the same file is chosen again', async () => {
    const store = memoryStore();
    let down = true;
    const server = scriptedServer(10, (req) => (down && req.method === 'PATCH' && req.headers['upload-offset'] === '4' ? answer(0) : undefined));
    const big = file(10);
    await expect(tusUpload(big, { ...base, transport: server.transport, store })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(store.items).toEqual(new Map([[fingerprint(big, '/api/v1/tus'), '/api/v1/tus/abc']]));
    // Later (a reload, the network back): the same file starts where the server stands.
    down = false;
    server.log.length = 0;
    const progress: number[] = [];
    const done = await tusUpload(big, { ...base, transport: server.transport, store, onProgress: (f) => progress.push(f) });
    expect(done.url).toBe('/user_uploads/1/ab/big.bin');
    expect(server.log).toEqual(['HEAD', 'PATCH 4', 'PATCH 8']);
    expect(progress[0]).toBe(0.4);
    expect(store.items.size).toBe(0);
  });

  it('starts anew when the remembered upload is gone or is of another length, and forgets a refused one', async () => {
    const store = memoryStore();
    const big = file(10);
    store.setItem(fingerprint(big, '/api/v1/tus'), '/api/v1/tus/expired');
    const server = scriptedServer(10);
    await tusUpload(big, { ...base, transport: server.transport, store });
    expect(server.log).toEqual(['HEAD', 'POST', 'PATCH 0', 'PATCH 4', 'PATCH 8']);
    expect(store.items.size).toBe(0);
    // A file of another size under the same name is another fingerprint.
    expect(fingerprint(file(11), '/api/v1/tus')).not.toBe(fingerprint(big, '/api/v1/tus'));
    const refusing = scriptedServer(10, (req) => (req.method === 'PATCH' ? answer(403, {}, '{"result":"error","code":"BAD_REQUEST","msg":"No."}') : undefined));
    await expect(tusUpload(big, { ...base, transport: refusing.transport, store })).rejects.toThrow('No.');
    expect(store.items.size).toBe(0);
  });

  it('cancelled: stops and deletes the upload on the server', async () => {
    const abort = new AbortController();
    const server = scriptedServer(10, (req) => {
      if (req.method === 'PATCH' && req.headers['upload-offset'] === '4') abort.abort();
      return undefined;
    });
    const store = memoryStore();
    await expect(tusUpload(file(10), { ...base, transport: server.transport, signal: abort.signal, store })).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 0));
    expect(server.log).toEqual(['POST', 'PATCH 0', 'PATCH 4', 'DELETE']);
    expect(store.items.size).toBe(0);
  });
});
