import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type pg from 'pg';
import { CALLER_HEADER, createLogger, encodeCaller, RpcClients } from '@parley/common';
import { FolderStore } from '../storage';
import { FileHttpServer, startFileHttpServer } from './server';

/**
 * The internal HTTP server's own behaviour, on a folder store and a logger of the test's: a
 * client that goes away mid-upload is no failure of the service's (issue #41, item 7).
 */
const SECRET = 'x'.repeat(48);
const member = { realm_id: 1, user_id: 7, role: 400, is_bot: false, email: 'member@example.test' };

let dir: string;
let server: FileHttpServer;
/** What the service logged, line by line, and a wait for the next line. */
const lines: { level: number; msg: string; err?: { stack?: string } }[] = [];
let nextLine: () => void = () => undefined;
let storing: () => void = () => undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-uploads-http-'));
  const files = new FolderStore(dir);
  await files.init();
  // The store tells the test when the upload's bytes have begun to arrive.
  const put = files.put.bind(files);
  files.put = (...args) => {
    storing();
    return put(...args);
  };
  const log = createLogger(
    'uploads',
    'debug',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as (typeof lines)[number]);
        nextLine();
        done();
      },
    }),
  );
  const deps = { pool: {} as pg.Pool, files, clients: {} as RpcClients, log, secret: SECRET };
  server = await startFileHttpServer('127.0.0.1:0', {
    deps,
    secret: SECRET,
    maxFileUploadSizeMib: 25,
    uploadBounds: { maxMibPerUser: 1024, maxUploadsPerUser: 10 },
    maxCustomEmojiPerRealm: 10,
    temporaryUrlSeconds: 60,
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a client that aborts an upload', () => {
  it('is logged at debug, not as an error with a stack', async () => {
    const started = new Promise<void>((resolve) => (storing = resolve));
    const logged = new Promise<void>((resolve) => (nextLine = resolve));
    const boundary = 'abortedboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const socket = net.connect(server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /user_uploads HTTP/1.1\r\nhost: uploads\r\n${CALLER_HEADER}: ${encodeCaller(SECRET, member)}\r\n` +
        `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${head.length + 10 * 1024 * 1024}\r\n\r\n${head}`,
    );
    socket.write(Buffer.alloc(256 * 1024));
    await started;
    // The client goes away with most of the file unsent.
    socket.destroy();
    await logged;
    expect(lines.map((l) => [l.level, l.msg, l.err?.stack === undefined])).toEqual([[20, 'client aborted the request', true]]);
  });
});
