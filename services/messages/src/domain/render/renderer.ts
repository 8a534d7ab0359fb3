import { BadRequestError } from '@parley/common';
import type { RenderContext, Rendered } from './context';
import { renderWithinCap, type RenderOutcome } from './render';

/**
 * Where the service renders messages (Peers.render): its render threads (RenderPool, pool.ts),
 * or this thread (renderHere: unit tests and tools, where nothing else waits on the loop).
 */
export interface Renderer {
  /**
   * `content` rendered as a message with `ctx`, for `who` (a user: each user's renders take
   * turns with everyone else's). Refuses with UnableToRenderError a message whose HTML would
   * pass MAX_RENDERED_CHARS or whose rendering runs past the time limit; with
   * WriteNotStartedError (503) when the request's write deadline passes while it waits.
   */
  render(content: string, ctx: RenderContext, who: string): Promise<Rendered>;
}

/** Zulip's answer to a message it cannot render: too much HTML, or a rendering that ran too long (MarkdownRenderingError). */
export class UnableToRenderError extends BadRequestError {
  constructor() {
    super('Unable to render message');
  }
}

/** A render thread's outcome as the request sees it: the rendering, or Zulip's refusal. */
export function renderedOrRefused(outcome: RenderOutcome): Rendered {
  if (outcome.kind === 'too-large') throw new UnableToRenderError();
  return outcome.rendered;
}

/** Renders on this thread, with the cap but no time limit. */
export const renderHere: Renderer = {
  render: async (content, ctx) => renderedOrRefused(renderWithinCap(content, ctx)),
};
