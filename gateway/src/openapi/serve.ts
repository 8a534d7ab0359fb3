import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { openApiTexts } from './generate';

/**
 * The description and the docs page, public: GET /api/v1/openapi.json and .yaml, GET /api/docs
 * (a page rendering the description with Redoc's standalone bundle, served from the redoc
 * package here: no CDN) and the page's two scripts.
 */
export const OPENAPI_JSON = '/api/v1/openapi.json';
export const OPENAPI_YAML = '/api/v1/openapi.yaml';
const DOCS = '/api/docs';
const REDOC_JS = '/api/docs/redoc.standalone.js';
const INIT_JS = '/api/docs/init.js';

/** Whatever the page needs comes from here (its only exception: Redoc's search worker, a blob). */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " + "font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'";

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Parley REST API</title>
  <link rel="icon" href="data:,">
  <style>body { margin: 0; } a[href^="https://redocly.com"] { display: none !important; }</style>
</head>
<body>
  <div id="redoc"></div>
  <script src="${REDOC_JS}"></script>
  <script src="${INIT_JS}"></script>
</body>
</html>
`;

const INIT = `Redoc.init(${JSON.stringify(OPENAPI_JSON)}, {
  hideDownloadButton: false, expandResponses: '200', jsonSampleExpandLevel: 2, pathInMiddlePanel: true,
  theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' } } },
}, document.getElementById('redoc'));
`;

/** True for the paths this module answers (GET or HEAD). */
export function isOpenApiRequest(method: string | undefined, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && [OPENAPI_JSON, OPENAPI_YAML, DOCS, REDOC_JS, INIT_JS].includes(path);
}

let redocBundle: Buffer | undefined;

/**
 * Redoc's standalone bundle, from the redoc package. Its menu footer shows Redocly's logo from
 * their CDN; the page loads nothing from elsewhere (and its CSP would refuse it), so that one
 * URL becomes an empty data: URL, which the footer handles as a missing image (it hides it).
 */
function redoc(): Buffer {
  redocBundle ??= Buffer.from(readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', 'data:,'));
  return redocBundle;
}

export function serveOpenApi(req: IncomingMessage, res: ServerResponse, path: string): void {
  const send = (type: string, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-cache', ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (path === OPENAPI_JSON) return send('application/json', openApiTexts().json, { 'access-control-allow-origin': '*' });
  if (path === OPENAPI_YAML) return send('application/yaml; charset=utf-8', openApiTexts().yaml, { 'access-control-allow-origin': '*' });
  if (path === DOCS) return send('text/html; charset=utf-8', PAGE, { 'content-security-policy': CSP });
  if (path === INIT_JS) return send('text/javascript; charset=utf-8', INIT);
  const bundle = redoc();
  res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'content-length': bundle.length, 'cache-control': 'public, max-age=86400' });
  res.end(req.method === 'HEAD' ? undefined : bundle);
}
