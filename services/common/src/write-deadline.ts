import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from './errors';

/**
 * A 5xx on a write means it was not done (ADR 0027). The gateway gives each request a time by
 * which its first write must have started (`writeBy`, milliseconds since the epoch, carried
 * in the call's metadata as `parley-write-by`), and waits for the call a grace period longer
 * than that (GRPC_COMMIT_GRACE_MS). Past `writeBy`, a request that has not begun writing is
 * refused where its first write would start (`beginWrite`: a transaction's BEGIN, a send's
 * statement) with a 503 that changed nothing; a write begun in time runs to its end, with the
 * gateway still waiting for its answer. So a client retrying a 503 never makes a duplicate,
 * but for a write still running when the grace ends too (a send's Idempotency-Key covers it).
 *
 * The time is absolute, not a budget measured from when the call arrived: a call that sat in
 * a frozen process's socket, or behind a busy event loop, must not start writing after the
 * gateway gave up on it.
 */
interface RequestWrites {
  readonly writeBy: number;
  /** The request began a write: it may go on past writeBy (and the services it calls, too). */
  begun: boolean;
  /** The request has been answered: work it left running is no longer its own (see runWithWriteDeadline). */
  ended: boolean;
}

const storage = new AsyncLocalStorage<RequestWrites>();

/**
 * Runs a request's handler with its write deadline (none: no deadline). What the handler
 * starts and leaves running after it answered (a cache's refresh, a relay's wake-up) carries
 * the same context: it is ended then, and no longer refused.
 */
export async function runWithWriteDeadline<T>(writeBy: number | undefined, fn: () => Promise<T>): Promise<T> {
  if (writeBy === undefined || !Number.isFinite(writeBy)) return fn();
  const writes: RequestWrites = { writeBy, begun: false, ended: false };
  try {
    return await storage.run(writes, fn);
  } finally {
    writes.ended = true;
  }
}

/** The request's first write is about to start: refused when it is too late for it (WriteNotStartedError). */
export function beginWrite(now = Date.now()): void {
  const writes = storage.getStore();
  if (!writes || writes.begun || writes.ended) return;
  if (now > writes.writeBy) throw new WriteNotStartedError();
  writes.begun = true;
}

/**
 * The current request's write deadline while it has begun no write, for the calls it makes
 * to other services (callMetadata): what they would write for it must start in time too.
 * Once it has begun, they may write after it, as its own transaction does.
 */
export function pendingWriteDeadline(): number | undefined {
  const writes = storage.getStore();
  return writes && !writes.begun && !writes.ended ? writes.writeBy : undefined;
}

/** The request's write deadline passed before any of its writes began: nothing was changed, and a retry is safe. */
export class WriteNotStartedError extends ApiError {
  constructor() {
    super('SERVICE_UNAVAILABLE', 'The server was too busy to do this in time, and nothing was changed. Please try again.', 503);
  }
}

/** The metadata key of a call's write deadline (milliseconds since the epoch). */
export const WRITE_BY_KEY = 'parley-write-by';
