import type { RenderContext } from './context';
import { renderWithinCap, type RenderOutcome } from './render';

/** One message to render on a render thread (pool.ts). */
export interface RenderTask {
  content: string;
  ctx: RenderContext;
  /** Where the thread writes when it began (Date.now(), a BigInt64 slot), for the time limit. */
  started: SharedArrayBuffer;
}

/**
 * The render threads' entry point: piscina loads this file's compiled copy (dist/…/worker.js)
 * in each thread. The outcome travels back by structured clone; an error is a bug, which fails
 * the task.
 */
export default function renderTask({ content, ctx, started }: RenderTask): RenderOutcome {
  Atomics.store(new BigInt64Array(started), 0, BigInt(Date.now()));
  return renderWithinCap(content, ctx);
}
