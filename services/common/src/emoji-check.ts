import { BadRequestError } from './errors';
import type { CallContext } from './grpc/caller';
import type { BoundClient, RpcClients } from './grpc/service-clients';
import { unicodeEmojiCodeOf, unicodeEmojiNameOf } from './emoji';

/**
 * Emoji names and codes, as Zulip checks them for statuses (users) and reactions (messages).
 * Namespaces by reaction_type:
 * - unicode_emoji: Zulip's names (canonical and aliases, see emoji.ts); the code is the
 *   lower-case, dash-separated code points, mostly without the U+FE0F presentation selector
 *   ("1f697", "1f3f3-200d-1f308"), which is how Zulip writes them.
 * - zulip_extra_emoji: Zulip's own emoji, whose code is its name ("zulip").
 * - realm_emoji: a realm's custom emoji, by ID.
 */
export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';

export interface EmojiData {
  emoji_code: string;
  reaction_type: ReactionType;
}

/** Zulip's extra emoji: only `zulip`, whose code is its name. */
const ZULIP_EXTRA_EMOJI: ReadonlySet<string> = new Set(['zulip']);

/** The spec's neutral name for zulip_extra_emoji; accepted on input, never sent. */
const REACTION_TYPE_ALIASES: ReadonlyMap<string, string> = new Map([['service_extra_emoji', 'zulip_extra_emoji']]);

/** The type as Zulip names it. A Map, not an object: `constructor` stays the (invalid) string it is. */
export function normalizeReactionType(type: string): string {
  return REACTION_TYPE_ALIASES.get(type) ?? type;
}

/** A realm's custom emoji, which the uploads service owns (realmEmojiOf asks it). */
export interface RealmEmojiLookup {
  /** Zulip's check of a realm_emoji: throws "Invalid custom emoji." and the like. */
  check(name: string, code: string): Promise<void>;
  /** The code (ID) of the realm's active custom emoji of this name, if there is one. */
  codeOf(name: string): Promise<string | undefined>;
}

/** A realm without custom emoji (tests, and checks that concern no realm). */
export const NO_REALM_EMOJI: RealmEmojiLookup = {
  check: async () => {
    throw new BadRequestError('Invalid custom emoji.');
  },
  codeOf: async () => undefined,
};

/** The realm's custom emoji, asked of the uploads service (CheckRealmEmoji) on behalf of ctx's caller. */
export function realmEmojiOf(clients: RpcClients, realmId: number, ctx: CallContext): RealmEmojiLookup {
  return realmEmojiThrough((request) => clients.uploads.checkRealmEmoji(request, ctx), realmId);
}

/** The same, through a caller's own call to the uploads service (the messages service's Directory.uploads). */
export function realmEmojiThrough(checkRealmEmoji: BoundClient<'uploads'>['checkRealmEmoji'], realmId: number): RealmEmojiLookup {
  const call = (request: { emoji_name: string; emoji_code?: string }) => checkRealmEmoji({ realm_id: realmId, ...request });
  return {
    check: async (name, code) => {
      await call({ emoji_name: name, emoji_code: code });
    },
    codeOf: async (name) => (await call({ emoji_name: name })).emoji_code || undefined,
  };
}

/**
 * The code and type of the emoji a name stands for, in Zulip's order of precedence:
 * the realm's active custom emoji, then Zulip's extra emoji, then Unicode emoji.
 */
export async function emojiDataForName(name: string, realmEmoji: RealmEmojiLookup): Promise<EmojiData> {
  const custom = await realmEmoji.codeOf(name);
  if (custom !== undefined) return { emoji_code: custom, reaction_type: 'realm_emoji' };
  if (ZULIP_EXTRA_EMOJI.has(name)) return { emoji_code: name, reaction_type: 'zulip_extra_emoji' };
  const code = unicodeEmojiCodeOf(name);
  if (code !== undefined) return { emoji_code: code, reaction_type: 'unicode_emoji' };
  throw new BadRequestError(`Emoji '${name}' does not exist`);
}

/** Zulip's check_emoji_request: the name, code and type must name one existing emoji (an active one, if custom). */
export async function checkEmoji(name: string, code: string, type: string, realmEmoji: RealmEmojiLookup): Promise<EmojiData> {
  switch (type) {
    case 'realm_emoji':
      await realmEmoji.check(name, code);
      return { emoji_code: code, reaction_type: type };
    case 'zulip_extra_emoji':
      if (!ZULIP_EXTRA_EMOJI.has(code)) throw new BadRequestError('Invalid emoji code.');
      if (name !== code) throw new BadRequestError('Invalid emoji name.');
      return { emoji_code: code, reaction_type: type };
    case 'unicode_emoji':
      // As Zulip: the code must be one Zulip names, and the name any of its names (an alias too).
      if (unicodeEmojiNameOf(code) === undefined) throw new BadRequestError('Invalid emoji code.');
      if (unicodeEmojiCodeOf(name) !== code) throw new BadRequestError('Invalid emoji name.');
      return { emoji_code: code, reaction_type: type };
    default:
      throw new BadRequestError('Invalid emoji type.');
  }
}
