import { createServer, request as httpRequest, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '@parley/common';
import { connect } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, readParams, RequestAbortedError } from './body';
import { sendError } from './envelope';

const LIMIT = 1024;

let server: Server;
let base: string;

/** Replies 200 with the parameters readParams found, or the error's status and code. */
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/bounded')) return bounded(req, res);
    readParams(req, LIMIT).then(
      (params) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ params }));
      },
      (err: unknown) => {
        const body = err instanceof ApiError ? { code: err.code, status: err.httpStatus, msg: err.message, tooLarge: err instanceof BodyTooLargeError } : { unexpected: String(err) };
        res.writeHead(err instanceof ApiError ? err.httpStatus : 599, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

/** Small bounds (5 parameters, 300 ms for a body), answered as the gateway answers: the envelope. */
const BOUNDS = { maxBytes: LIMIT, maxParams: 5, timeoutMs: 300 };
const failures: unknown[] = [];
function bounded(req: IncomingMessage, res: ServerResponse): void {
  readParams(req, BOUNDS).then(
    (params) => res.end(JSON.stringify({ params })),
    (err: ApiError) => {
      failures.push(err);
      sendError(res, err);
    },
  );
}

/** Sends the head and the first `sent` bytes of a body of `length`, then nothing; resolves with what came back and when the socket closed. */
function stallingPost(path: string, length: number, sent: number): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (text += c));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.write(`POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: ${length}\r\n\r\n${'a'.repeat(sent)}`);
  });
}

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function send(path: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, body: await res.json() };
}

/** A raw request, for bodies fetch would not send as given (e.g. a bad multipart boundary). */
function sendRaw(path: string, contentType: string, body: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method: 'POST', headers: { 'content-type': contentType } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };

describe('readParams', () => {
  it('reads the query string', async () => {
    expect(await send('/api/v1/users?client_gravatar=true&user_ids=%5B1%2C2%5D&empty=')).toEqual({
      status: 200,
      body: { params: { client_gravatar: 'true', user_ids: '[1,2]', empty: '' } },
    });
  });

  it('reads nothing from a request without query or body', async () => {
    expect(await send('/')).toEqual({ status: 200, body: { params: {} } });
  });

  it('lets a urlencoded body override the query string', async () => {
    const res = await send('/x?a=query&b=query', { method: 'POST', headers: urlencoded, body: 'a=body&c=caf%C3%A9+au+lait' });
    expect(res).toEqual({ status: 200, body: { params: { a: 'body', b: 'query', c: 'café au lait' } } });
  });

  it('accepts a urlencoded content type with parameters and any case', async () => {
    const res = await send('/x', { method: 'POST', headers: { 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' }, body: 'a=1' });
    expect(res.body).toEqual({ params: { a: '1' } });
  });

  it('keeps the last value of a repeated key, in the query and in the body', async () => {
    expect((await send('/x?a=1&a=2&a=3')).body).toEqual({ params: { a: '3' } });
    expect((await send('/x?a=q', { method: 'POST', headers: urlencoded, body: 'a=1&a=2' })).body).toEqual({ params: { a: '2' } });
  });

  it('reads multipart fields, overriding the query, and ignores file parts', async () => {
    const form = new FormData();
    form.append('type', 'stream');
    form.append('content', 'café ✓ & a=b');
    form.append('to', 'first');
    form.append('to', '["general"]');
    form.append('attachment', new Blob(['file bytes'], { type: 'text/plain' }), 'notes.txt');
    const res = await send('/x?type=direct&topic=t', { method: 'POST', body: form });
    expect(res).toEqual({
      status: 200,
      body: { params: { type: 'stream', content: 'café ✓ & a=b', to: '["general"]', topic: 't' } },
    });
  });

  it('counts file parts toward the limit, though they are not parameters', async () => {
    const form = new FormData();
    form.append('a', '1');
    form.append('upload', new Blob(['x'.repeat(LIMIT * 4)]), 'big.bin');
    expect(await send('/x', { method: 'POST', body: form })).toMatchObject({ status: 413 });
  });

  it('drains a body of another type and takes no parameters from it', async () => {
    const res = await send('/x?a=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":"2","b":"3"}' });
    expect(res).toEqual({ status: 200, body: { params: { a: '1' } } });
  });

  it('takes no parameters from a body without a content type', async () => {
    const res = await sendRaw('/x?q=1', '', 'a=2');
    expect(res).toEqual({ status: 200, body: { params: { q: '1' } } });
  });

  it('accepts a urlencoded body of exactly the limit', async () => {
    const body = `a=${'x'.repeat(LIMIT - 2)}`;
    const res = await send('/x', { method: 'POST', headers: urlencoded, body });
    expect(res.status).toBe(200);
    expect(res.body.params.a).toHaveLength(LIMIT - 2);
  });

  describe('refuses a body over the limit with 413', () => {
    const tooLarge = { code: 'BAD_REQUEST', status: 413, msg: `Request body too large (limit ${LIMIT} bytes)`, tooLarge: true };

    it('when urlencoded', async () => {
      const res = await send('/x', { method: 'POST', headers: urlencoded, body: `a=${'x'.repeat(LIMIT - 1)}` });
      expect(res).toEqual({ status: 413, body: tooLarge });
    });

    it('when urlencoded and much larger than the limit', async () => {
      const res = await send('/x', { method: 'POST', headers: urlencoded, body: `a=${'x'.repeat(LIMIT * 200)}` });
      expect(res).toEqual({ status: 413, body: tooLarge });
    });

    it('when of another content type', async () => {
      const res = await send('/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(LIMIT)}"` });
      expect(res).toEqual({ status: 413, body: tooLarge });
    });

    it('when one multipart field is larger than the limit', async () => {
      const form = new FormData();
      form.append('content', 'x'.repeat(LIMIT + 1));
      expect(await send('/x', { method: 'POST', body: form })).toEqual({ status: 413, body: tooLarge });
    });

    it('counting bytes, not characters, of multipart fields', async () => {
      const form = new FormData();
      form.append('content', '\u00e9'.repeat(LIMIT / 2 + 1)); // 2 bytes each in UTF-8
      expect(await send('/x', { method: 'POST', body: form })).toEqual({ status: 413, body: tooLarge });
    });

    it('when multipart fields add up to more than the limit', async () => {
      const form = new FormData();
      for (let i = 0; i < 5; i++) form.append(`f${i}`, 'x'.repeat(LIMIT / 4));
      expect(await send('/x', { method: 'POST', body: form })).toEqual({ status: 413, body: tooLarge });
    });
  });

  describe('refuses malformed multipart with 400', () => {
    const malformed = { code: 'BAD_REQUEST', status: 400, msg: 'Malformed multipart body', tooLarge: false };

    it('when the content type has no boundary', async () => {
      expect(await sendRaw('/x', 'multipart/form-data', '--x\r\n\r\n')).toEqual({ status: 400, body: malformed });
    });

    it('when the body does not use the declared boundary', async () => {
      const body = '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--other--\r\n';
      expect(await sendRaw('/x', 'multipart/form-data; boundary=expected', body)).toEqual({ status: 400, body: malformed });
    });

    it('when the body ends before the closing boundary', async () => {
      const body = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1';
      expect(await sendRaw('/x', 'multipart/form-data; boundary=b', body)).toEqual({ status: 400, body: malformed });
    });
  });
});

describe('readParams bounds', () => {
  const tooMany = (limit: number) => ({ result: 'error', code: 'BAD_REQUEST', msg: `Too many parameters: a request may carry at most ${limit}` });

  it('takes as many parameters as the bound, query and body together', async () => {
    const res = await send('/bounded?a=1&b=2&c=3', { method: 'POST', headers: urlencoded, body: 'd=4&e=5' });
    expect(res).toEqual({ status: 200, body: { params: { a: '1', b: '2', c: '3', d: '4', e: '5' } } });
  });

  it('refuses one more with 400, in the query, the body, or multipart', async () => {
    expect(await send('/bounded?a=1&b=2&c=3&d=4&e=5&f=6')).toEqual({ status: 400, body: tooMany(5) });
    expect(await send('/bounded?a=1&b=2&c=3', { method: 'POST', headers: urlencoded, body: 'd=4&e=5&f=6' })).toEqual({ status: 400, body: tooMany(5) });
    const form = new FormData();
    for (const k of ['d', 'e', 'f']) form.append(k, '1');
    expect(await send('/bounded?a=1&b=2&c=3', { method: 'POST', body: form })).toEqual({ status: 400, body: tooMany(5) });
  });

  it('counts a repeated key each time, as Django does', async () => {
    expect(await send('/bounded?a=1&a=2&a=3&a=4&a=5&a=6')).toEqual({ status: 400, body: tooMany(5) });
  });

  it("bounds requests at 1,000 parameters by default (Zulip's DATA_UPLOAD_MAX_NUMBER_FIELDS)", async () => {
    const query = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&');
    expect((await send(`/x?${query(1000)}`)).status).toBe(200);
    expect(await send(`/x?${query(1001)}`)).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });

  it('answers a body that does not arrive in time with 408 and closes the connection', async () => {
    const { text, closedAfterMs } = await stallingPost('/bounded', 100, 10);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Request body not received within 0.3 seconds' });
    expect(closedAfterMs).toBeLessThan(5000);
  });

  it('turns a client that goes away mid-body into RequestAbortedError, not a stray error', async () => {
    failures.length = 0;
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((r) => socket.on('connect', r));
    socket.write('POST /bounded HTTP/1.1\r\nhost: x\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 100\r\n\r\nab');
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    const deadline = Date.now() + 5000;
    while (!failures.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(failures[0]).toBeInstanceOf(RequestAbortedError);
  });
});
