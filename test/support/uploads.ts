import http from 'node:http';
import { basicAuth, baseUrl, Credentials, hostHeader } from './api';
import { assertMatchesContract } from './openapi';

/**
 * Uploads over raw HTTP: multipart bodies built by hand (binary-safe, any field name, any
 * declared length), and file downloads whose bodies are bytes, not JSON.
 */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function rawRequest(method: string, path: string, opts: { creds?: Credentials; headers?: Record<string, string>; body?: Buffer | AsyncIterable<Buffer> } = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { ...hostHeader(opts.creds), ...opts.headers };
  if (opts.creds) headers.authorization = basicAuth(opts.creds);
  return new Promise((resolve, reject) => {
    // The path goes out as given (no URL normalization), so tests can send `..` segments.
    const base = new URL(baseUrl());
    const req = http.request({ hostname: base.hostname, port: base.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const body = opts.body;
    if (!body) return void req.end();
    if (Buffer.isBuffer(body)) return void req.end(body);
    void (async () => {
      for await (const chunk of body) if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      req.end();
    })().catch(reject);
  });
}

export interface FilePart {
  field?: string;
  filename: string;
  type?: string;
  content: Buffer | string;
}

/** A multipart/form-data body with these file parts (and plain fields). */
export function multipart(files: FilePart[], fields: Record<string, string> = {}): { body: Buffer; type: string } {
  const boundary = `----parley${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; ${filenameParam(f.filename)}\r\n` + `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
    );
    parts.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** A name with control characters cannot go in a quoted header value: RFC 5987's filename* carries it. */
function filenameParam(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  return /[\u0000-\u001f\u007f]/.test(name) ? `filename*=UTF-8''${encodeURIComponent(name)}` : `filename="${name}"`;
}

/** POST /api/v1/user_uploads with one file; the JSON answer, checked against the Zulip contract. */
export async function uploadFile(creds: Credentials | undefined, file: FilePart): Promise<{ status: number; body: Record<string, any> }> {
  const { body, type } = multipart([file]);
  const res = await rawRequest('POST', '/api/v1/user_uploads', { creds, body, headers: { 'content-type': type, 'content-length': String(body.length) } });
  const json = JSON.parse(res.body.toString('utf8'));
  assertMatchesContract({ method: 'POST', path: '/user_uploads', status: res.status, body: json });
  return { status: res.status, body: json };
}

/** The path_id of an upload URL (/user_uploads/<path_id>). */
export const pathIdOf = (url: string): string => url.replace(/^\/user_uploads\//, '');
