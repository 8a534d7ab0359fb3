import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import Piscina from 'piscina';
import { FairQueue, pendingWriteDeadline, WriteNotStartedError } from '@parley/common';
import type { RenderContext, Rendered } from './context';
import type { RenderOutcome } from './render';
import { renderedOrRefused, UnableToRenderError, type Renderer } from './renderer';
import type { RenderTask } from './worker';

export interface RenderPoolOptions {
  /** Render threads (RENDER_THREADS). */
  threads: number;
  /** How long one rendering may run before its thread is stopped (RENDER_TIME_LIMIT_MS; Zulip's is 5 s). */
  timeLimitMs: number;
  /** The threads' entry point: worker.ts's compiled copy, unless a test gives another. */
  filename?: string;
}

/** One render thread per core but the event loop's, at most four. */
export const defaultRenderThreads = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * The render threads run compiled JavaScript: the build's copy of worker.ts beside this file,
 * also when this file runs from its TypeScript source (jest), whose folder is src/, not dist/.
 */
export const RENDER_WORKER_FILE = join(__dirname.replace(/([\\/])src([\\/]domain[\\/]render)$/, '$1dist$2'), 'worker.js');

/**
 * Rendering off the event loop (issue #41): Markdown, KaTeX, highlighting and linkifiers run
 * on a few worker threads (piscina), so one costly message cannot stall the requests of every
 * other realm in the process. Three bounds:
 * - time: a rendering that runs past `timeLimitMs` (from when its thread begins it) has its thread stopped (piscina terminates
 *   it and starts another) and the message is refused as Zulip refuses it;
 * - turns: a rendering starts only when a thread is free, and the waiting ones start a user at
 *   a time, round-robin (FairQueue), so one user's renderings wait behind each other, and the
 *   time limit counts the rendering alone, not the wait;
 * - waiting: a request's rendering leaves the line when the request's write deadline passes
 *   (write-deadline.ts), with a 503 that changed nothing.
 * The threads run at a lower priority (a nice increment) so that, with every core busy, the
 * event loops that answer requests get the CPU first; each has a heap limit of its own.
 */
export class RenderPool implements Renderer {
  private readonly piscina: Piscina<RenderTask, RenderOutcome>;
  private readonly turns: FairQueue;
  private readonly timeLimitMs: number;

  constructor(opts: RenderPoolOptions) {
    this.timeLimitMs = opts.timeLimitMs;
    this.turns = new FairQueue(opts.threads);
    this.piscina = new Piscina<RenderTask, RenderOutcome>({
      filename: opts.filename ?? RENDER_WORKER_FILE,
      minThreads: opts.threads,
      maxThreads: opts.threads,
      // Never waits for long: FairQueue starts a rendering only while a thread is free; a
      // stopped thread's replacement is the one wait.
      maxQueue: opts.threads,
      idleTimeout: 60_000,
      niceIncrement: 5,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
  }

  render(content: string, ctx: RenderContext, who: string): Promise<Rendered> {
    return this.turns.run(who, () => this.renderNow(content, ctx), { until: pendingWriteDeadline(), late: () => new WriteNotStartedError() });
  }

  private async renderNow(content: string, ctx: RenderContext): Promise<Rendered> {
    const started = new BigInt64Array(new SharedArrayBuffer(8));
    const limit = new AbortController();
    const timer = timeLimit(started, this.timeLimitMs, () => limit.abort());
    let outcome: RenderOutcome;
    try {
      outcome = await this.piscina.run({ content, ctx, started: started.buffer }, { signal: limit.signal });
    } catch (err) {
      // Aborted by its time limit: piscina has stopped the thread it ran on.
      if (limit.signal.aborted) throw new UnableToRenderError();
      throw err;
    } finally {
      timer.stop();
    }
    return renderedOrRefused(outcome);
  }

  /** Stops the threads; renderings still running fail. */
  close(): Promise<void> {
    return this.piscina.destroy();
  }
}

/**
 * Calls `expire` once the rendering has run `ms` since its thread began it (the thread writes
 * the time into `started`): the wait for a thread that is starting, after one was stopped, is
 * not the rendering's.
 */
function timeLimit(started: BigInt64Array, ms: number, expire: () => void): { stop(): void } {
  let timer: NodeJS.Timeout;
  const check = () => {
    const at = Number(Atomics.load(started, 0));
    const left = at === 0 ? Math.min(ms, NOT_STARTED_RECHECK_MS) : at + ms - Date.now();
    if (at !== 0 && left <= 0) expire();
    else timer = setTimeout(check, left);
  };
  timer = setTimeout(check, ms);
  return { stop: () => clearTimeout(timer) };
}

/** How often a rendering whose thread has not begun it yet is looked at again. */
const NOT_STARTED_RECHECK_MS = 100;
