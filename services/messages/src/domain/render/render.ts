import { Lookup, type Findings, type RenderContext, type RenderEnv, type Rendered } from './context';
import { compileLinkifiers } from './linkifiers';
import { md } from './markdown';
import { zulipListIndents } from './structure';

/**
 * A message's Markdown as the HTML Zulip would store in rendered_content, with what it
 * mentions and links to (for the user-message flags and the has: narrows).
 */
export function renderMessage(content: string, ctx: RenderContext): Rendered {
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
    linkifiers: compileLinkifiers(ctx.linkifiers),
    findings,
    realmUrl: ctx.realmUrl,
    translateEmoticons: ctx.translateEmoticons ?? false,
    realmEmoji: ctx.realmEmoji,
    uploadPreviews: ctx.uploadPreviews,
    defaultCodeBlockLanguage: ctx.defaultCodeBlockLanguage,
  };
  // Zulip's blocks are joined by newlines, with none after the last.
  const html = md.render(zulipListIndents(content), env).replace(/\n+$/, '');
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
