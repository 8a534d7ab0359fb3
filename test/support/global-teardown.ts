import { rmSync } from 'node:fs';
import { releaseRunEnvironment } from './run-environment';
import { scanRunLogs } from './run-log';

/** The integration project's global teardown: stops Parley, then lets go of the run's servers (run-environment.ts). */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__parley;
  if (!state) return;
  globalThis.__parley = undefined;
  await state.system.stop();
  await state.smtp.stop();
  await releaseRunEnvironment();
  checkLogsForSecrets();
}

/**
 * #11 part 7: no API key or password the run used appears in any log of the run. A leak
 * fails the whole run (jest exits non-zero) and keeps the folder for a look.
 */
function checkLogsForSecrets(): void {
  const dir = process.env.PARLEY_TEST_LOG_DIR;
  if (!dir) return;
  const report = scanRunLogs(dir);
  const mib = (report.bytes / 1024 / 1024).toFixed(1);
  if (report.leaks.length) {
    throw new Error(
      `secrets found in the run's logs (${dir}): ${report.leaks
        .slice(0, 20)
        .map((l) => `${l.secret} in ${l.file}`)
        .join(', ')}`,
    );
  }
  console.log(`Logs scanned for secrets: ${report.secrets} API keys and passwords, ${report.files} log files, ${mib} MiB: none found.`);
  // PARLEY_TEST_KEEP_LOGS=1 keeps them, to read what the processes logged.
  if (process.env.PARLEY_TEST_KEEP_LOGS) console.log(`Logs kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
