import http from 'node:http';
import { baseUrl, basicAuth, Credentials, hostHeader } from './api';
import { rawRequest, RawResponse } from './uploads';

/** The tus protocol's requests, as a tus client (Uppy, zulip-mobile) sends them. */
export const TUS = { 'tus-resumable': '1.0.0' };
type Json = Record<string, any>;

export const b64 = (s: string) => Buffer.from(s).toString('base64');
export const json = (res: RawResponse): Json => JSON.parse(res.body.toString('utf8'));

export async function create(creds: Credentials | undefined, size: number, filename = 'big.bin', filetype = 'application/octet-stream') {
  return rawRequest('POST', '/api/v1/tus', {
    creds,
    headers: { ...TUS, 'upload-length': String(size), 'upload-metadata': `filename ${b64(filename)},filetype ${b64(filetype)}` },
  });
}

export function patch(creds: Credentials, location: string, offset: number, chunk: Buffer) {
  return rawRequest('PATCH', location, {
    creds,
    body: chunk,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(chunk.length) },
  });
}

export const head = (creds: Credentials, location: string) => rawRequest('HEAD', location, { creds, headers: TUS });

/** A PATCH that promises `declared` bytes, sends `sent` of them and drops the connection. */
export function interruptedPatch(creds: Credentials, location: string, offset: number, chunk: Buffer, sent: number): Promise<void> {
  const base = new URL(baseUrl());
  return new Promise((resolve) => {
    const req = http.request({
      hostname: base.hostname,
      port: base.port,
      path: location,
      method: 'PATCH',
      headers: {
        ...TUS,
        ...hostHeader(creds),
        authorization: basicAuth(creds),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(chunk.length),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      resolve();
    });
    req.write(chunk.subarray(0, sent), () =>
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300),
    );
  });
}

export function bytes(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4096) out.writeUInt32BE(i, i);
  return out;
}
