import pino, { DestinationStream, Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs on stdout. Secrets never reach a log line: the paths below are
 * redacted wherever they appear, and no code logs a request's parameters wholesale.
 */
const REDACT = [
  'api_key', '*.api_key', 'password', '*.password', 'new_password', '*.new_password',
  'old_password', '*.old_password', 'authorization', '*.authorization', 'req.headers.authorization',
  'req.headers.cookie', '*.headers.cookie', 'secret', '*.secret',
];

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
