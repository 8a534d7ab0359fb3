import pg from 'pg';
import { BadRequestError, Caller } from '@parley/common';
import * as botStore from '../store/bots';
import type { ChannelLookup } from './channels';
import { channelsOf, checkCanCreateBot, notifyBotActive, type Channels } from './bots';
import { callerRealm } from './queries';
import { botsConcerned, checkSetUserActive } from './activation';

/**
 * DELETE /users/{id} and POST /users/{id}/reactivate, with what Zulip adds for a bot: its
 * reactivation takes the caller's permission to create such a bot and a name no active user
 * has (reactivate_user_backend), and those who administer it get a realm_bot update (on
 * deactivation, activation.ts's doDeactivateUser sends them, for the user's own bots too).
 */
export async function checkSetUserActiveWithBots(pool: pg.Pool, caller: Caller, userId: number, active: boolean, channels: ChannelLookup): Promise<void> {
  // Read before the transaction (remote calls): the channels of the bots concerned, for their audience.
  if (!active) {
    await checkSetUserActive(pool, caller, userId, false, { known: await botsConcerned(pool, caller.realm_id, userId, channels) });
    return;
  }
  const before = await botStore.findBot(pool, caller.realm_id, userId);
  const known: Channels = before ? await channelsOf([before], channels) : (new Map() as Channels);
  const settings = before ? (await callerRealm(pool, caller)).settings : {};
  await checkSetUserActive(pool, caller, userId, true, {
    also: async (tx, target) => {
      if (!target.is_bot) return;
      const bot = (await botStore.findBot(tx, target.realm_id, target.id))!;
      await checkCanCreateBot(tx, caller, settings, bot.bot_type);
      if (await botStore.activeUserNamed(tx, bot.realm_id, bot.full_name, bot.id)) {
        throw new BadRequestError(`There is already an active bot named "${bot.full_name}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`);
      }
      await notifyBotActive(tx, bot, true, known);
    },
  });
}
