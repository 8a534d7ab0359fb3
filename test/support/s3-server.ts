import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@parley/common';

/**
 * An S3-compatible server (s3rver) on loopback, storing in a temporary folder of its own:
 *
 *   const s3 = await startS3Server();
 *   const store = createFileStore(readStorageConfig({ S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket,
 *     S3_ACCESS_KEY: s3.accessKey, S3_SECRET_KEY: s3.secretKey }));
 *   ...
 *   await s3.stop();
 *
 * s3rver lacks some of S3: ListMultipartUploads, ListParts and AbortMultipartUpload among them.
 */
export interface S3Server {
  /** Like S3_ENDPOINT: `http://127.0.0.1:<port>`. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  stop(): Promise<void>;
}

/** The part of s3rver's API used here (the package ships no types). */
interface S3rver {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer?: { closeAllConnections(): void };
}
type S3rverClass = new (options: Record<string, unknown>) => S3rver;

export async function startS3Server(opts: { bucket?: string; multipartListing?: boolean } = {}): Promise<S3Server> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- s3rver has no types
  const S3rver = require('s3rver') as S3rverClass;
  const bucket = opts.bucket ?? 'parley-test';
  const directory = mkdtempSync(join(tmpdir(), 'parley-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  try {
    await server.run();
  } catch (err) {
    rmSync(directory, { recursive: true, force: true });
    throw err;
  }
  const front = opts.multipartListing ? await startMultipartFront(port, directory) : undefined;
  return {
    endpoint: `http://127.0.0.1:${front?.port ?? port}`,
    // s3rver's fixed credentials.
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    bucket,
    stop: async () => {
      await front?.close();
      // Keep-alive connections (minio's agent, fetch's) would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * `multipartListing`: s3rver keeps the parts of a multipart upload in its folder
 * (`<bucket>/._S3rver_uploads/<uploadId>/<partNumber>` with a `.md5` beside each) but has no
 * ListParts or AbortMultipartUpload, which @tus/s3-store calls on every PATCH. This front
 * answers those two from that folder, as S3 documents them, and passes every other request
 * through to s3rver unchanged (signatures included).
 */
async function startMultipartFront(s3rverPort: number, directory: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    const [, bucket, ...key] = url.pathname.split('/').map(decodeURIComponent);
    const parts = uploadId && /^[A-Za-z0-9._-]+$/.test(uploadId) ? join(directory, bucket, '._S3rver_uploads', uploadId) : undefined;
    if (parts && req.method === 'GET') return void listParts(parts, bucket, key.join('/'), uploadId!, res);
    if (parts && req.method === 'DELETE') {
      rmSync(parts, { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    const upstream = http.request({ host: '127.0.0.1', port: s3rverPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function listParts(folder: string, bucket: string, key: string, uploadId: string, res: http.ServerResponse): void {
  if (!existsSync(folder)) {
    res.writeHead(404, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`);
    return;
  }
  // A part is complete once s3rver has written its .md5; a part cut off mid-way is not listed (as in S3).
  const numbers = readdirSync(folder)
    .filter((f) => /^\d+$/.test(f) && existsSync(join(folder, `${f}.md5`)))
    .map(Number)
    .sort((a, b) => a - b);
  const xml = numbers
    .map((n) => {
      const file = join(folder, String(n));
      const info = statSync(file);
      const md5 = readFileSync(`${file}.md5`, 'utf8').trim();
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
    })
    .join('');
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket>` +
      `<Key>${key}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker>` +
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${xml}</ListPartsResult>`,
  );
}
