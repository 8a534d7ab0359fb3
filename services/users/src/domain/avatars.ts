import pg from 'pg';
import { BadRequestError, Caller, defaultAvatarPath, isAdmin, Queryable, withTransaction } from '@parley/common';
import * as userStore from '../store/users';
import * as realmStore from '../store/realms';
import * as botStore from '../store/bots';
import type { UsersConfig } from '../config';
import { apiEmail, AvatarSource, avatarUrl, gravatarUrl } from './format';
import { findByIdOrApiEmail } from './presence';
import { notifyClients } from './notify';
import { botAudience, Channels, channelsOf } from './bots';
import type { ChannelInfo, ChannelLookup } from './channels';

/** Zulip's AVATAR_CHANGES_DISABLED_ERROR. */
const AVATAR_CHANGES_DISABLED = 'Avatar changes are disabled in this organization.';

/** Zulip's avatar_changes_disabled: the realm's setting, which administrators are exempt from. */
export async function checkAvatarChangeAllowed(db: Queryable, caller: Caller): Promise<void> {
  const realm = await realmStore.findRealmById(db, caller.realm_id);
  if (!realm) throw new BadRequestError('No such realm');
  if (realm.settings.avatar_changes_disabled === true && !isAdmin(caller)) throw new BadRequestError(AVATAR_CHANGES_DISABLED);
}

/**
 * The caller's avatar becomes `source` (the uploaded image, or the default) with the next
 * version, as Zulip's do_change_avatar_fields: realm_user update to the realm with the new
 * URLs (from the API email: a Gravatar of a hidden address would give it away); a bot's
 * owner and administrators hear realm_bot update too, as for the bot's other changes.
 */
export async function changeAvatar(pool: pg.Pool, config: UsersConfig, caller: Caller, source: string, channels: ChannelLookup): Promise<{ avatar_url: string }> {
  if (source !== AvatarSource.UPLOADED && source !== AvatarSource.GRAVATAR) throw new BadRequestError(`Invalid avatar_source: ${source}`);
  // A bot's audience depends on its default channels' privacy: asked before the transaction.
  const bot = caller.is_bot ? await botStore.findBot(pool, caller.realm_id, caller.user_id) : undefined;
  const known: Channels = bot ? await channelsOf([bot], channels) : new Map<number, ChannelInfo>();
  return withTransaction(pool, async (tx) => {
    await checkAvatarChangeAllowed(tx, caller);
    const user = await userStore.findUserById(tx, caller.realm_id, caller.user_id, { lock: true });
    if (!user) throw new BadRequestError('No such user');
    const changed = { ...user, avatar_source: source, avatar_version: user.avatar_version + 1 };
    await userStore.setAvatar(tx, user.id, source, changed.avatar_version);
    const email = apiEmail(user, config.fakeEmailDomain);
    const person = {
      user_id: user.id,
      avatar_source: source,
      avatar_url: avatarUrl(changed, email, config),
      avatar_url_medium: avatarUrl(changed, email, config, true),
      avatar_version: changed.avatar_version,
    };
    await notifyClients(tx, user.realm_id, 'realm', { type: 'realm_user', op: 'update', person });
    if (bot) {
      await notifyClients(tx, user.realm_id, await botAudience(tx, bot, known), {
        type: 'realm_bot',
        op: 'update',
        bot: { user_id: user.id, avatar_url: avatarUrl(changed, user.delivery_email, config) },
      });
    }
    // The caller sees their own real address, so their own URL is from it (as register's avatar_url).
    return { avatar_url: avatarUrl(changed, user.delivery_email, config) };
  });
}

/**
 * GET /avatar/{user_id_or_email}[/medium], as Zulip's `avatar` view: the avatar URL of the
 * realm's user with that ID or API email, deactivated users and bots included (everyone may
 * see everyone in Parley: it enforces no can_access_all_users_group). A name that is no such
 * user gets what a new user of that email would show, at version 1: its Gravatar with
 * ENABLE_GRAVATAR, else a default avatar drawn for the name.
 */
export async function avatarUrlOf(pool: pg.Pool, config: UsersConfig, caller: Caller, userIdOrEmail: string, medium: boolean): Promise<string> {
  const user = await findByIdOrApiEmail(pool, config, caller.realm_id, userIdOrEmail);
  if (user) return avatarUrl(user, apiEmail(user, config.fakeEmailDomain), config, medium);
  if (config.enableGravatar) return gravatarUrl(userIdOrEmail, 1, medium);
  return `${defaultAvatarPath(caller.realm_id, `unknown:${userIdOrEmail.toLowerCase()}`, medium)}?version=1`;
}
