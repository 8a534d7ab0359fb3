import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rememberSecrets, scanRunLogs } from './run-log';

describe('the run-log secrets scan', () => {
  let dir: string;
  const saved = process.env.PARLEY_TEST_LOG_DIR;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'run-log-'));
    process.env.PARLEY_TEST_LOG_DIR = dir;
  });
  afterEach(() => {
    process.env.PARLEY_TEST_LOG_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  const key = 'Abcdefghijklmnopqrstuvwxyz012345';

  it('finds a key logged as it is, and names the file', () => {
    rememberSecrets(key, 'a-long-password');
    writeFileSync(join(dir, 'gateway-1.log'), `{"msg":"ok"}\n{"msg":"auth","key":"${key}"}\n`);
    writeFileSync(join(dir, 'users-2.log'), '{"msg":"nothing here"}\n');
    const report = scanRunLogs(dir);
    expect(report).toMatchObject({ secrets: 2, files: 2, leaks: [{ file: 'gateway-1.log', secret: 'Abcd…' }] });
  });

  it('finds a key inside a logged Basic Authorization header', () => {
    rememberSecrets(key);
    const header = Buffer.from(`someone@example.com:${key}`).toString('base64');
    writeFileSync(join(dir, 'parley.log'), `{"headers":{"authorization":"Basic ${header}"}}\n`);
    expect(scanRunLogs(dir).leaks).toHaveLength(1);
  });

  it('finds a password, and reports clean logs as clean', () => {
    rememberSecrets('hunter2-but-longer');
    writeFileSync(join(dir, 'a.log'), '{"msg":"login failed","password":"[redacted]"}\n');
    expect(scanRunLogs(dir)).toMatchObject({ secrets: 1, leaks: [] });
    writeFileSync(join(dir, 'b.log'), '{"msg":"login","body":"username=x&password=hunter2-but-longer"}\n');
    expect(scanRunLogs(dir).leaks).toEqual([{ file: 'b.log', secret: 'hunt…' }]);
  });

  it('ignores placeholders (one character repeated), which tests use as wrong keys and IDs', () => {
    rememberSecrets('x'.repeat(32), 'abababab', key);
    writeFileSync(join(dir, 'a.log'), `{"path":"/api/v1/tus/${'x'.repeat(32)}"}\n`);
    expect(scanRunLogs(dir)).toMatchObject({ secrets: 1, leaks: [] });
  });

  it('remembers nothing outside a jest run', () => {
    delete process.env.PARLEY_TEST_LOG_DIR;
    rememberSecrets(key);
    process.env.PARLEY_TEST_LOG_DIR = dir;
    expect(scanRunLogs(dir).secrets).toBe(0);
  });
});
