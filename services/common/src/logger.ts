import pino, { DestinationStream, Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout, or appended to the file LOG_FILE names. Secrets never reach
 * a log line: the paths below are redacted wherever they appear, and no code logs a request's
 * parameters wholesale.
 */
const REDACT = [
  'api_key',
  '*.api_key',
  'password',
  '*.password',
  'new_password',
  '*.new_password',
  'old_password',
  '*.old_password',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.headers.cookie',
  'secret',
  '*.secret',
];

/** One destination per file, shared by every logger of the process (all-in-one has six). */
const files = new Map<string, DestinationStream>();

function fileDestination(path: string): DestinationStream {
  let dest = files.get(path);
  if (!dest) {
    dest = pino.destination({ dest: path, append: true, mkdir: true, sync: true });
    files.set(path, dest);
  }
  return dest;
}

export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination: DestinationStream | undefined = process.env.LOG_FILE ? fileDestination(process.env.LOG_FILE) : undefined,
): Logger {
  const options = {
    level,
    base: { service },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
