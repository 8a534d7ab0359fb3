import { appendFileSync, createWriteStream, readdirSync, readFileSync, statSync, WriteStream } from 'node:fs';
import { join } from 'node:path';

/**
 * The whole test run's logs, kept to be searched for secrets at the end (#11, part 7).
 *
 * Global setup makes a folder (PARLEY_TEST_LOG_DIR) where the all-in-one Parley under test
 * appends its logs (LOG_FILE) and every process a test starts copies its output. Every API
 * key and password the tests use is remembered in `secrets.txt` there (the test API client
 * does it for every request it sends), and global teardown searches all the logs for each
 * one, raw and inside Basic credentials, and fails the run if one is found.
 */
const SECRETS_FILE = 'secrets.txt';

export const runLogDir = (): string | undefined => process.env.PARLEY_TEST_LOG_DIR || undefined;

const remembered = new Set<string>();

/**
 * Whether a value is worth looking for: long enough, and not a placeholder of fewer than four
 * distinct characters (a deliberately wrong key such as 32 × 'x', which may stand in a path).
 */
const secretLike = (v: string): boolean => v.length >= 6 && !v.includes('\n') && new Set(v).size >= 4;

/** Notes secrets the tests used (API keys, passwords); nothing happens outside a jest run. */
export function rememberSecrets(...values: (string | undefined)[]): void {
  const dir = runLogDir();
  if (!dir) return;
  const fresh = values.filter((v): v is string => !!v && secretLike(v) && !remembered.has(`${dir}\n${v}`));
  if (!fresh.length) return;
  for (const v of fresh) remembered.add(`${dir}\n${v}`);
  appendFileSync(join(dir, SECRETS_FILE), fresh.map((v) => `${v}\n`).join(''));
}

/** A file in the run's log folder for a process's output, or undefined outside a jest run. */
export function processLogStream(name: string, pid: number | undefined): WriteStream | undefined {
  const dir = runLogDir();
  if (!dir) return undefined;
  return createWriteStream(join(dir, `${name.replace(/[^\w.-]+/g, '_')}-${pid ?? 'x'}.log`), { flags: 'a' });
}

export interface ScanReport {
  secrets: number;
  files: number;
  bytes: number;
  /** Where a secret was found: the file and which secret (only its first characters). */
  leaks: { file: string; secret: string }[];
}

/** API keys are 32 characters from [A-Za-z0-9]: found by windows over such runs, not by substring search. */
const KEY = /^[A-Za-z0-9]{32}$/;

/** Every 32-character window of every run of [A-Za-z0-9] at least that long. */
function keyWindows(text: string): Set<string> {
  const windows = new Set<string>();
  for (const [run] of text.matchAll(/[A-Za-z0-9]{32,}/g)) {
    for (let i = 0; i + 32 <= run.length; i++) windows.add(run.slice(i, i + 32));
  }
  return windows;
}

/**
 * Searches every `*.log` file of the folder for every remembered secret: as it is, and
 * inside base64 (a Basic `email:key` Authorization header logged whole: base64 runs in the
 * logs are decoded and searched too). A run remembers thousands of API keys, so keys are
 * looked up among the logs' 32-character windows; the few passwords are searched as text.
 */
export function scanRunLogs(dir: string): ScanReport {
  let secrets: string[] = [];
  try {
    secrets = [...new Set(readFileSync(join(dir, SECRETS_FILE), 'utf8').split('\n').filter(Boolean))];
  } catch {
    secrets = [];
  }
  const keys = secrets.filter((s) => KEY.test(s));
  const others = secrets.filter((s) => !KEY.test(s));
  const files = readdirSync(dir).filter((f) => f.endsWith('.log'));
  const report: ScanReport = { secrets: secrets.length, files: files.length, bytes: 0, leaks: [] };
  for (const file of files) {
    const raw = readFileSync(join(dir, file), 'utf8');
    report.bytes += statSync(join(dir, file)).size;
    const decoded = [...raw.matchAll(/[A-Za-z0-9+/]{16,}={0,2}/g)].map((m) => Buffer.from(m[0], 'base64').toString('latin1')).join('\n');
    const text = `${raw}\n${decoded}`;
    const windows = keyWindows(text);
    const found = [...keys.filter((k) => windows.has(k)), ...others.filter((o) => text.includes(o))];
    for (const secret of found) report.leaks.push({ file, secret: `${secret.slice(0, 4)}…` });
  }
  return report;
}
