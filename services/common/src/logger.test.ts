import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('redacts keys and passwords wherever a log line carries them', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write: (chunk, _enc, done) => {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger('test', 'info', sink);
    log.info(
      { api_key: 'K'.repeat(32), req: { headers: { authorization: 'Basic c2VjcmV0', cookie: 'sessionid=x' } }, body: { password: 'hunter2', new_password: 'n3w', old_password: 'old' } },
      'request',
    );
    const text = lines.join('');
    for (const secret of ['K'.repeat(32), 'Basic c2VjcmV0', 'sessionid=x', 'hunter2', 'n3w', '"old"']) expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toMatchObject({ service: 'test', msg: 'request', api_key: '[redacted]' });
  });

  it('writes JSON lines with an ISO time and the service name', () => {
    const lines: string[] = [];
    const log = createLogger(
      'users',
      'info',
      new Writable({
        write: (c, _e, d) => {
          lines.push(c.toString());
          d();
        },
      }),
    );
    log.warn('hello');
    expect(JSON.parse(lines[0])).toMatchObject({ level: pino.levels.values.warn, service: 'users', msg: 'hello', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('appends to the file LOG_FILE names, every logger of the process to the same one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'logger-test-'));
    const saved = process.env.LOG_FILE;
    process.env.LOG_FILE = join(dir, 'sub', 'parley.log');
    try {
      createLogger('users', 'info').info('one');
      createLogger('gateway', 'info').warn('two');
      const lines = readFileSync(process.env.LOG_FILE, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => [l.service, l.msg])).toEqual([
        ['users', 'one'],
        ['gateway', 'two'],
      ]);
    } finally {
      process.env.LOG_FILE = saved;
      if (saved === undefined) delete process.env.LOG_FILE;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
