import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { preLoginCsrfCookie } from './session';

/**
 * Parley's web client (web/, built by Vite into web/dist): the gateway serves it at `/`.
 * `index.html` answers `/` and the client's own pages (`/login/`, `/join/<key>/`,
 * `/accounts/password/reset/` and its mailed links `/accounts/password/reset/<token>/`,
 * `/accounts/do_confirm/<key>/`) and is never
 * cached; the hashed files under /assets/ are cached for good. Every answer carries a strict
 * Content-Security-Policy: scripts, styles, fonts and connections from Parley's own origin
 * only (no inline script; inline style *attributes* allowed, since Parley's rendered KaTeX
 * carries them), images also from data: and blob: URLs (pasted files), nothing framed.
 *
 * The files are read once, at start, into memory (about 2 MB with source maps), with a gzip
 * copy of each text file: the set of paths served is exactly what the build wrote, so no
 * request path ever reaches the file system.
 *
 * A page's answer sets the pre-login `csrftoken` cookie when the browser has none: the login
 * form echoes it (session.ts, checkLoginCsrf), as Django's login page hands its form a token.
 */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.map', '.json', '.svg', '.txt', '.ttf']);

interface WebFile {
  body: Buffer;
  gzipped?: Buffer;
  type: string;
  immutable: boolean;
}

/** The client's pages: paths answered with index.html (the client reads the path itself). */
const PAGE = /^\/(?:login\/?|join\/[A-Za-z0-9_-]{1,128}\/?|accounts\/password\/reset(?:\/[A-Za-z0-9]{1,128})?\/?|accounts\/do_confirm\/[A-Za-z0-9_-]{1,128}\/?)?$/;

export interface WebApp {
  /** Whether the request is for the client (a page or one of its files). */
  handles(method: string | undefined, path: string): boolean;
  serve(req: IncomingMessage, res: ServerResponse, path: string): void;
  /** False when web/dist was not built: `/` then says how to build it. */
  readonly built: boolean;
}

/** The default place of the built client: web/dist beside the gateway's workspace. */
export const defaultWebDir = (): string => join(__dirname, '..', '..', 'web', 'dist');

export function loadWebApp(dir: string): WebApp {
  const files = new Map<string, WebFile>();
  if (existsSync(join(dir, 'index.html'))) {
    const walk = (at: string) => {
      for (const name of readdirSync(at)) {
        const full = join(at, name);
        if (statSync(full).isDirectory()) walk(full);
        else {
          const path = `/${relative(dir, full).split(sep).join('/')}`;
          const ext = extname(name);
          const body = readFileSync(full);
          files.set(path, {
            body,
            gzipped: COMPRESSIBLE.has(ext) && body.length > 1024 ? gzipSync(body, { level: 9 }) : undefined,
            type: TYPES[ext] ?? 'application/octet-stream',
            immutable: path.startsWith('/assets/'),
          });
        }
      }
    };
    walk(dir);
  }
  const index = files.get('/index.html');
  const fileOf = (path: string) => (PAGE.test(path) ? index : files.get(path));

  return {
    built: index !== undefined,
    handles: (method, path) => (method === 'GET' || method === 'HEAD') && (PAGE.test(path) || files.has(path)),
    serve(req, res, path) {
      const file = fileOf(path);
      const headers: Record<string, string> = {
        'content-security-policy': WEB_CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'x-frame-options': 'DENY',
      };
      const csrf = PAGE.test(path) ? preLoginCsrfCookie(req) : undefined;
      if (csrf) headers['set-cookie'] = csrf;
      if (!file) {
        const text = 'Parley’s web client is not built here. Run `npm run build` (it builds web/ too), then reload.\n';
        res.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(req.method === 'HEAD' ? undefined : text);
      }
      const gzip = file.gzipped !== undefined && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = gzip ? file.gzipped! : file.body;
      res.writeHead(200, {
        ...headers,
        'content-type': file.type,
        'content-length': String(body.length),
        'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        vary: 'Accept-Encoding',
        ...(gzip && { 'content-encoding': 'gzip' }),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
}
