import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadWebApp, WEB_CSP, type WebApp } from './web-app';

/** The web client's files as the gateway serves them, from a built folder made here. */
let dir: string;
let server: Server;
let base: string;
let app: WebApp;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  app = loadWebApp(dir);
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (app.handles(req.method, path)) return app.serve(req, res, path);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the web client, served', () => {
  it('answers its pages with index.html, never cached, under the CSP', async () => {
    for (const path of ['/', '/login/', '/join/AbC123xyz/', '/accounts/password/reset/', '/accounts/password/reset/AbC123xyz/', '/accounts/do_confirm/AbC123xyz/']) {
      const res = await fetch(`${base}${path}`);
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control'), res.headers.get('content-security-policy')]).toEqual([
        200,
        'text/html; charset=utf-8',
        'no-cache',
        WEB_CSP,
      ]);
      expect(await res.text()).toContain('/assets/index-abc123.js');
    }
    expect(WEB_CSP).toContain("script-src 'self'");
    expect(WEB_CSP).not.toContain("'unsafe-eval'");
    expect(WEB_CSP).toMatch(/frame-ancestors 'none'/);
  });

  it("hands a browser without one a pre-login CSRF cookie with its pages (the login form echoes it), and keeps a browser's own", async () => {
    for (const path of ['/', '/login/', '/join/AbC123xyz/', '/accounts/do_confirm/AbC123xyz/']) {
      const cookie = (await fetch(`${base}${path}`, { method: path === '/login/' ? 'HEAD' : 'GET' })).headers.get('set-cookie');
      expect([path, cookie]).toEqual([path, expect.stringMatching(/^csrftoken=[A-Za-z0-9]{32}; Path=\/; Max-Age=31449600; SameSite=Lax$/)]);
    }
    expect((await fetch(`${base}/`, { headers: { cookie: 'csrftoken=mine' } })).headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${base}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('set-cookie')).toMatch(/; Secure$/);
    // Files are not pages.
    expect((await fetch(`${base}/assets/index-abc123.js`)).headers.get('set-cookie')).toBeNull();
  });

  it('serves hashed assets immutably, gzipped when the browser takes gzip', async () => {
    const plain = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect([plain.status, plain.headers.get('cache-control'), plain.headers.get('content-type'), plain.headers.get('content-encoding')]).toEqual([
      200,
      'public, max-age=31536000, immutable',
      'text/javascript; charset=utf-8',
      null,
    ]);
    expect(await plain.text()).toBe(script);
    // Node's fetch decodes gzip itself: ask over a raw request to see the encoded body.
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const req = get(`${base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
    });
    expect(raw.encoding).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(script);
  });

  it('handles only GET and HEAD of what the build wrote; HEAD has no body', async () => {
    expect(app.handles('GET', '/assets/nope.js')).toBe(false);
    expect(app.handles('GET', '/../package.json')).toBe(false);
    expect(app.handles('POST', '/')).toBe(false);
    expect(app.handles('GET', '/index.html')).toBe(true);
    expect((await fetch(`${base}/index.html`)).headers.get('cache-control')).toBe('no-cache');
    expect(app.handles('GET', '/join/not a key/')).toBe(false);
    expect(app.handles('GET', '/accounts/password/reset/not-a-token/')).toBe(false);
    expect(app.handles('GET', '/accounts/password/reset/AbC/extra/')).toBe(false);
    const head = await fetch(`${base}/favicon.svg`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'image/svg+xml', '']);
    expect((await fetch(`${base}/assets/nope.js`)).status).toBe(404);
  });

  it('says how to build the client when there is none', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'parley-web-empty-'));
    try {
      const none = loadWebApp(empty);
      expect(none.built).toBe(false);
      expect(none.handles('GET', '/')).toBe(true);
      const res = {
        head: 0,
        headers: {} as Record<string, string>,
        body: '',
        writeHead(s: number, h: Record<string, string>) {
          this.head = s;
          this.headers = h;
        },
        end(b?: string) {
          this.body = b ?? '';
        },
      };
      none.serve({ method: 'GET', headers: {} } as never, res as never, '/');
      expect([res.head, res.headers['content-security-policy'], res.body]).toEqual([503, WEB_CSP, expect.stringContaining('npm run build')]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
