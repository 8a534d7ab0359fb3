import type { Logger } from './logger';
import { runShutdownHooks } from './shutdown-hooks';

/**
 * A process's life: start, then on SIGTERM/SIGINT stop gracefully (in-flight work finishes,
 * the outbox is flushed) within a bounded time, then exit. A failed start, an uncaught
 * exception or an unhandled rejection exits non-zero with the reason in the log.
 */
export function runMain(log: Logger, start: () => Promise<{ stop(): Promise<void> }>, stopTimeoutMs = 15_000): void {
  // A bug that escapes every handler still ends the process, as Node would, but says why first.
  const crash = (kind: string) => (err: unknown) => {
    log.fatal({ err }, `${kind}: exiting`);
    process.exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled rejection'));
  start().then(
    (running) => {
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        log.info({ signal }, 'shutting down');
        const timer = setTimeout(() => {
          log.error('shutdown took too long; exiting');
          process.exit(1);
        }, stopTimeoutMs);
        timer.unref();
        running
          .stop()
          .then(runShutdownHooks)
          .then(
            () => process.exit(0),
            (err) => {
              log.error({ err }, 'shutdown failed');
              process.exit(1);
            },
          );
      };
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
    },
    (err) => {
      log.fatal({ err }, 'failed to start');
      process.exit(1);
    },
  );
}
