import { execFile } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '../..');

/** The environment the server under test runs with, for processes the tests start. */
export function serverEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: process.env.PARLEY_TEST_DATABASE_URL,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the management CLI as users run it: `npm run --silent manage -- ...` (or node directly). */
export function manage(args: string[], opts: { viaNpm?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  const [cmd, argv] = opts.viaNpm ? ['npm', ['run', '--silent', 'manage', '--', ...args]] : [process.execPath, [join(ROOT, 'services/runner/dist/manage.js'), ...args]];
  return new Promise((resolve) => {
    execFile(cmd, argv, { cwd: ROOT, env: opts.env ?? serverEnv(), timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Runs the management CLI and returns its one line of JSON; a failed run throws with its exit
 * code and stderr, so a test that expected success says why it did not get it.
 */
export async function manageJson<T = any>(args: string[], opts: Parameters<typeof manage>[1] = {}): Promise<T> {
  const res = await manage(args, opts);
  if (res.code !== 0 || !res.stdout.trim()) {
    throw new Error(`manage ${args[0]} exited ${res.code}: ${res.stderr.trim() || '(no stderr)'}${res.stdout ? `; stdout: ${res.stdout.trim()}` : ''}`);
  }
  return JSON.parse(res.stdout) as T;
}
