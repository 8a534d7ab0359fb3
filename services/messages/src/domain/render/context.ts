import type { UploadPreview } from '@parley/common';
import type { CompiledLinkifier } from './linkifiers';
import type { OutputBudget } from './output-budget';

export interface RenderUser {
  user_id: number;
  full_name: string;
  is_active: boolean;
}

export interface RenderContext {
  /** The realm's users the sender may mention (active ones; deactivated ones render as silent mentions, as in Zulip). */
  users: RenderUser[];
  /** The realm's user groups that may be mentioned (named groups, not role:* system groups). */
  groups: { id: number; name: string }[];
  /** Channels the sender can see, for #**channel** and #**channel>topic** links. */
  channels: { stream_id: number; name: string }[];
  /**
   * The realm's linkifiers, in order: pattern is a (Python-style, as stored) regex with named
   * groups; url_template an RFC 6570 template like "https://github.com/zulip/zulip/issues/{id}".
   */
  linkifiers: { id: number; pattern: string; url_template: string }[];
  /** The realm's default_code_block_language, for fences that name none (unset or '': none). */
  defaultCodeBlockLanguage?: string;
  /** The realm's URL ("https://chat.example.com"): links to its own #narrow/ views become relative, as in Zulip. */
  realmUrl?: string;
  /** The sender's translate_emoticons setting: `:)` becomes an emoji. */
  translateEmoticons?: boolean;
  /** The realm's active custom emoji, name → image URL (source_url): `:name:` shows the image. */
  realmEmoji?: ReadonlyMap<string, string>;
  /**
   * The previews of the uploaded images the content links to, by path_id. Given (a sent or
   * edited message), an upload link is previewed only when it is one of these, with its
   * thumbnail; absent (no upload linked, or no server to ask), by its extension, as is.
   */
  uploadPreviews?: ReadonlyMap<string, UploadPreview>;
}

export interface Rendered {
  html: string;
  /** Users mentioned with @**Name** or @**Name|id** (not silent @_**Name**). */
  mentionedUserIds: number[];
  /** Groups mentioned with @*group* (not silent). */
  mentionedGroupIds: number[];
  /** @**all**, @**everyone**, @**channel**, @**stream** (not silent). */
  streamWildcard: boolean;
  /** @**topic** (not silent). */
  topicWildcard: boolean;
  hasLink: boolean;
  hasImage: boolean;
  /** A link to an uploaded file (/user_uploads/...). */
  hasAttachment: boolean;
}

/** What the Markdown rules find, gathered while rendering. */
export interface Findings {
  mentionedUserIds: Set<number>;
  mentionedGroupIds: Set<number>;
  streamWildcard: boolean;
  topicWildcard: boolean;
  hasLink: boolean;
  hasImage: boolean;
  hasAttachment: boolean;
}

/** The context indexed for the lookups Zulip makes while rendering. */
export class Lookup {
  readonly usersById = new Map<number, RenderUser>();
  /** By lower-cased full name; an active user wins over a deactivated one of the same name. */
  readonly usersByName = new Map<string, RenderUser>();
  /** Exact names: Zulip looks groups and channels up by their exact name. */
  readonly groupsByName = new Map<string, { id: number; name: string }>();
  readonly channelsByName = new Map<string, { stream_id: number; name: string }>();

  constructor(ctx: RenderContext) {
    for (const user of ctx.users) {
      this.usersById.set(user.user_id, user);
      const key = user.full_name.toLowerCase();
      const known = this.usersByName.get(key);
      if (!known || (!known.is_active && user.is_active)) this.usersByName.set(key, user);
    }
    for (const group of ctx.groups) if (!this.groupsByName.has(group.name)) this.groupsByName.set(group.name, group);
    for (const channel of ctx.channels) if (!this.channelsByName.has(channel.name)) this.channelsByName.set(channel.name, channel);
  }
}

/** markdown-it's `env` for one render. */
export interface RenderEnv {
  lookup: Lookup;
  /** What the rendering may still write (MAX_RENDERED_CHARS). */
  output: OutputBudget;
  linkifiers: CompiledLinkifier[];
  findings: Findings;
  /** RenderContext.defaultCodeBlockLanguage. */
  defaultCodeBlockLanguage?: string;
  realmUrl?: string;
  translateEmoticons: boolean;
  realmEmoji?: ReadonlyMap<string, string>;
  uploadPreviews?: ReadonlyMap<string, UploadPreview>;
}
