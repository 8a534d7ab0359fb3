import { Lookup, type Findings, type RenderContext, type RenderEnv, type Rendered } from './context';
import { compileLinkifiers } from './linkifiers';
import { md } from './markdown';
import { MAX_RENDERED_CHARS, OutputBudget, RenderTooLargeError } from './output-budget';
import { zulipListIndents } from './structure';

/** A rendering, or the refusal of a message whose HTML would pass MAX_RENDERED_CHARS. */
export type RenderOutcome = { kind: 'rendered'; rendered: Rendered } | { kind: 'too-large' };

/**
 * A message's Markdown as the HTML Zulip would store in rendered_content, with what it
 * mentions and links to (for the user-message flags and the has: narrows); or `too-large`,
 * found as soon as the HTML passes `cap` (MAX_RENDERED_CHARS; larger only where a test
 * measures how the work grows on inputs past a message's length).
 *
 * CPU-bound and synchronous: the service runs it on its render threads (pool.ts, worker.ts),
 * never on the event loop that answers requests.
 */
export function renderWithinCap(content: string, ctx: RenderContext, cap = MAX_RENDERED_CHARS): RenderOutcome {
  const output = new OutputBudget(cap);
  try {
    return { kind: 'rendered', rendered: render(content, ctx, output) };
  } catch (err) {
    if (output.exceeded) return { kind: 'too-large' };
    throw err;
  }
}

/** renderWithinCap's rendering; throws RenderTooLargeError for a message past the cap. */
export function renderMessage(content: string, ctx: RenderContext, cap = MAX_RENDERED_CHARS): Rendered {
  const outcome = renderWithinCap(content, ctx, cap);
  if (outcome.kind === 'too-large') throw new RenderTooLargeError();
  return outcome.rendered;
}

function render(content: string, ctx: RenderContext, output: OutputBudget): Rendered {
  const findings: Findings = {
    mentionedUserIds: new Set(),
    mentionedGroupIds: new Set(),
    streamWildcard: false,
    topicWildcard: false,
    hasLink: false,
    hasImage: false,
    hasAttachment: false,
  };
  const env: RenderEnv = {
    lookup: new Lookup(ctx),
    output,
    linkifiers: compileLinkifiers(ctx.linkifiers),
    findings,
    realmUrl: ctx.realmUrl,
    translateEmoticons: ctx.translateEmoticons ?? false,
    realmEmoji: ctx.realmEmoji,
    uploadPreviews: ctx.uploadPreviews,
    defaultCodeBlockLanguage: ctx.defaultCodeBlockLanguage,
  };
  // Zulip's blocks are joined by newlines, with none after the last.
  const html = output.spendWhole(md.render(zulipListIndents(content), env).replace(/\n+$/, ''));
  return {
    html,
    mentionedUserIds: [...findings.mentionedUserIds],
    mentionedGroupIds: [...findings.mentionedGroupIds],
    streamWildcard: findings.streamWildcard,
    topicWildcard: findings.topicWildcard,
    hasLink: findings.hasLink,
    hasImage: findings.hasImage,
    hasAttachment: findings.hasAttachment,
  };
}
