import http from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { Caller, CALLER_HEADER, decodeCaller } from '@parley/common';
import { proxyRequest } from './proxy';

/**
 * The streaming proxy to a service's own HTTP server (uploads): headers in and out, the
 * signed caller, a service that answers before reading the whole body, a service that is down.
 */
const SECRET = 's'.repeat(40);
const caller: Caller = { realm_id: 2, user_id: 7, role: 400, is_bot: false, email: 'u@x.test' };
let upstream: http.Server;
let gateway: http.Server;
let gatewayPort: number;
let upstreamAddr: string;
const seen: { path?: string; caller?: Caller; authorization?: string; bytes: number }[] = [];

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const entry = { path: req.url, caller: decodeCaller(SECRET, String(req.headers[CALLER_HEADER] ?? '')), authorization: req.headers.authorization, bytes: 0 };
    seen.push(entry);
    if (req.url === '/refuse-early') {
      // Answers at once, without reading the body, as the uploads service refuses a file too large.
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"result":"error","msg":"too large","code":"BAD_REQUEST"}');
      req.resume();
      return;
    }
    req.on('data', (c: Buffer) => {
      entry.bytes += c.length;
    });
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'text/plain', location: '/somewhere', 'x-internal': 'secret', 'tus-resumable': '1.0.0' });
      res.end(`got ${entry.bytes}`);
    });
  });
  upstreamAddr = `127.0.0.1:${await listen(upstream)}`;
  gateway = http.createServer((req, res) => {
    // Under /idle, a file body may pause at most 300 ms between two chunks.
    const bodyIdleTimeoutMs = req.url?.startsWith('/idle') ? 300 : 0;
    void proxyRequest({ addr: upstreamAddr, secret: SECRET, service: 'uploads', bodyIdleTimeoutMs }, req, res, req.url ?? '/', req.url === '/anonymous' ? undefined : caller);
  });
  gatewayPort = await listen(gateway);
});

afterAll(async () => {
  gateway.closeAllConnections();
  upstream.closeAllConnections();
  await new Promise((r) => gateway.close(r));
  await new Promise((r) => upstream.close(r));
});

function send(path: string, body: Buffer | undefined, agent?: http.Agent, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; localPort?: number }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: gatewayPort, path, method: body ? 'POST' : 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString(), localPort: req.socket?.localPort }));
    });
    req.setTimeout(5000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

describe('proxyRequest', () => {
  it('streams the body, signs the caller, keeps credentials back, and passes only known headers out', async () => {
    const res = await send('/upload', Buffer.alloc(3 * 1024 * 1024), undefined, { authorization: 'Basic abc', 'tus-resumable': '1.0.0' });
    expect([res.status, res.text]).toEqual([201, `got ${3 * 1024 * 1024}`]);
    expect(res.headers.location).toBe('/somewhere');
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    expect(res.headers['x-internal']).toBeUndefined();
    const entry = seen.find((e) => e.path === '/upload')!;
    expect(entry.caller).toEqual(caller);
    expect(entry.authorization).toBeUndefined();
  });

  it('sends no caller for an anonymous request', async () => {
    await send('/anonymous', undefined);
    expect(seen.find((e) => e.path === '/anonymous')!.caller).toBeUndefined();
  });

  it('keeps the connection usable after the service answered before reading the whole body', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send('/refuse-early', Buffer.alloc(6 * 1024 * 1024), agent);
      expect(refused.status).toBe(400);
      const next = await send('/after', Buffer.from('small'), agent);
      expect([next.status, next.text]).toEqual([201, 'got 5']);
      // On the same connection: without the drain it stalls until the server times it out.
      expect(next.localPort).toBe(refused.localPort);
    } finally {
      agent.destroy();
    }
  });

  it('lets a slow file body through as long as it keeps moving', async () => {
    const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: gatewayPort, path: '/idle-slow', method: 'POST', headers: { 'content-length': '8' } }, (r) => {
        let text = '';
        r.on('data', (c) => {
          text += c;
        });
        r.on('end', () => resolve({ status: r.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      // 8 bytes over 800 ms, 100 ms apart: longer in all than the idle timeout, never idle that long.
      let sent = 0;
      const tick = setInterval(() => {
        req.write('x');
        if (++sent === 8) {
          clearInterval(tick);
          req.end();
        }
      }, 100);
    });
    expect(res).toEqual({ status: 201, text: 'got 8' });
  });

  it('cuts off a file body that stops with a JSON 408 and closes the connection', async () => {
    const started = Date.now();
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(gatewayPort, '127.0.0.1');
      let got = '';
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => {
        got += c;
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(got));
      socket.write('POST /idle-stalled HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\nabc');
    });
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers 503 SERVICE_UNAVAILABLE in the envelope when the service is down', async () => {
    const down = http.createServer((req, res) => {
      void proxyRequest({ addr: '127.0.0.1:1', secret: SECRET, service: 'uploads' }, req, res, '/x', caller);
    });
    const port = await listen(down);
    try {
      const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/x' }, (r) => {
            let text = '';
            r.on('data', (c) => {
              text += c;
            });
            r.on('end', () => resolve({ status: r.statusCode ?? 0, text }));
          })
          .on('error', reject);
      });
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toMatchObject({ result: 'error', code: 'SERVICE_UNAVAILABLE' });
    } finally {
      down.closeAllConnections();
      await new Promise((r) => down.close(r));
    }
  });
});
