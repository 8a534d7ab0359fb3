import { createServer, Server } from 'node:http';
import { AddressInfo, connect, Socket } from 'node:net';
import { createLogger } from '@parley/common';
import { applyServerLimits, DEFAULT_MAX_HEADER_BYTES, readRequestLimits, RequestLimits } from './limits';

/**
 * The server-wide limits on a plain Node server, as the gateway puts them on express-gateway's:
 * header size, a whole request's deadline, connections per address, and Node's own refusals
 * answered with the JSON envelope.
 */
const limits: RequestLimits = { ...readRequestLimits({}), requestTimeoutMs: 400, maxConnectionsPerIp: 3 };
let server: Server;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Node checks request deadlines on this interval (30 s by default).
  server = createServer({ connectionsCheckingInterval: 100 }, (req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ url_length: req.url?.length }));
    });
  });
  applyServerLimits(server, limits, createLogger('test'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Writes `text` on a new connection; resolves with all that came back once the server closes it. */
function raw(text: string): Promise<{ status: number; headers: string; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (got += c));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = got.indexOf('\r\n\r\n');
      resolve({ status: Number(got.slice(9, 12)), headers: got.slice(0, split).toLowerCase(), body: JSON.parse(got.slice(split + 4)) });
    });
    socket.write(text);
  });
}

const get = (path: string) => raw(`GET ${path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);

describe('applyServerLimits', () => {
  it("takes a query string of 5,000 ten-digit IDs, far past Node's 16 KiB", async () => {
    const ids = encodeURIComponent(JSON.stringify(Array.from({ length: 5000 }, (_, i) => 9_999_990_000 + i)));
    const path = `/api/v1/messages?message_ids=${ids}`;
    expect(path.length).toBeGreaterThan(65_000);
    expect(await get(path)).toMatchObject({ status: 200, body: { url_length: path.length } });
  });

  it('answers headers over the limit with a JSON 431 and closes the connection', async () => {
    const res = await get(`/x?q=${'a'.repeat(DEFAULT_MAX_HEADER_BYTES)}`);
    expect(res.status).toBe(431);
    expect(res.headers).toContain('content-type: application/json');
    expect(res.headers).toContain('x-content-type-options: nosniff');
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: `Request line and headers too large (limit ${DEFAULT_MAX_HEADER_BYTES} bytes)` });
  });

  it('answers a malformed request with a JSON 400', async () => {
    expect(await raw('NOT HTTP AT ALL\r\n\r\n')).toMatchObject({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'Malformed HTTP request' } });
  });

  it('answers a request whose body never ends with a JSON 408, within the deadline', async () => {
    const started = Date.now();
    const res = await raw('POST /x HTTP/1.1\r\nhost: x\r\ncontent-length: 10\r\n\r\nab');
    expect(res).toMatchObject({ status: 408, body: { result: 'error', code: 'BAD_REQUEST' } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a connection over the per-address limit with a JSON 429, and takes one again when one closes', async () => {
    const open = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<Socket>((resolve) => {
            const s = connect(port, '127.0.0.1', () => resolve(s));
            sockets.push(s);
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
    const refused = await get('/x');
    expect(refused.status).toBe(429);
    expect(refused.headers).toContain('retry-after: 1');
    expect(refused.body).toEqual({ result: 'error', code: 'RATE_LIMIT_HIT', msg: 'Too many connections from your address (limit 3)', 'retry-after': 1 });
    open[0].destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect((await get('/x')).status).toBe(200);
  });
});

describe('readRequestLimits', () => {
  it('has documented defaults', () => {
    expect(readRequestLimits({})).toEqual({
      maxParams: 1000,
      maxHeaderBytes: 98_304,
      bodyTimeoutMs: 30_000,
      uploadIdleTimeoutMs: 60_000,
      requestTimeoutMs: 3_600_000,
      maxConnectionsPerIp: 256,
    });
  });

  it('reads each from the environment, 0 turning a deadline or the connection cap off', () => {
    expect(
      readRequestLimits({
        MAX_REQUEST_PARAMS: '50',
        MAX_HEADER_BYTES: '65536',
        REQUEST_BODY_TIMEOUT_MS: '0',
        UPLOAD_IDLE_TIMEOUT_MS: '1000',
        REQUEST_TIMEOUT_MS: '0',
        MAX_CONNECTIONS_PER_IP: '0',
      }),
    ).toEqual({ maxParams: 50, maxHeaderBytes: 65_536, bodyTimeoutMs: 0, uploadIdleTimeoutMs: 1000, requestTimeoutMs: 0, maxConnectionsPerIp: 0 });
    expect(() => readRequestLimits({ MAX_REQUEST_PARAMS: '0' })).toThrow(/MAX_REQUEST_PARAMS/);
  });
});
