/** Message rendering: Markdown to Zulip's HTML, with mentions, channel links, emoji and linkifiers. */
export type { RenderContext, Rendered } from './context';
export { renderMessage } from './render';
export { topicLinks } from './topic-links';
export { topicUrl } from './narrow-urls';
