import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** runMain (from the built dist, as services run it): a bug that escapes every handler ends the process with its reason logged. */
const dist = join(__dirname, '../dist/index.js');

function run(bug: string) {
  const script = `
    const { runMain, createLogger } = require(${JSON.stringify(dist)});
    runMain(createLogger('crash-test'), async () => { setTimeout(() => { ${bug} }, 10); setTimeout(() => {}, 5000); return { stop: async () => {} }; });`;
  return spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000, env: { ...process.env, LOG_LEVEL: 'info', LOG_FILE: '' } });
}

describe('runMain', () => {
  it('logs an unhandled rejection as fatal, with its error, and exits 1', () => {
    const r = run(`Promise.reject(new Error('kept but never awaited'));`);
    expect(r.status).toBe(1);
    const fatal = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((l) => l.level === 60);
    expect(fatal).toMatchObject({ msg: 'unhandled rejection: exiting', err: { message: 'kept but never awaited' } });
  });

  it('logs an uncaught exception as fatal and exits 1', () => {
    const r = run(`throw new Error('escaped');`);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/"level":60.*"message":"escaped".*"msg":"uncaught exception: exiting"/);
  });
});
