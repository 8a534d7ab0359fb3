import { bindClient, renderMarkdown, type CallContext, type ServiceClient } from '@parley/common';
import type { RenderMarkdown } from './profile-values';

/**
 * Markdown rendered as messages are (the messages service owns the renderer): for the
 * Markdown-capable custom profile field values, on behalf of ctx's caller. Call it before a
 * transaction, never inside one.
 */
export function markdownThrough(messages: ServiceClient<'messages'>, ctx: CallContext): RenderMarkdown {
  const bound = bindClient(messages, ctx);
  return (text) => renderMarkdown(bound, text);
}
