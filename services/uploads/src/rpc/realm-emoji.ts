import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { RealmEmojiNameRequest__Output } from '@parley/common/generated/parley/uploads/v1/RealmEmojiNameRequest';
import type { CheckRealmEmojiRequest__Output } from '@parley/common/generated/parley/uploads/v1/CheckRealmEmojiRequest';
import type { CheckRealmEmojiReply } from '@parley/common/generated/parley/uploads/v1/CheckRealmEmojiReply';
import type { RegisterStateRequest__Output } from '@parley/common/generated/parley/common/v1/RegisterStateRequest';
import { checkRealmEmoji, deactivateEmoji, realmEmojiCodeOf, realmEmojiDict } from '../domain/realm-emoji';
import type { UploadsRpcDeps } from './attachments';

/** GET /realm/emoji: public within the realm (Zulip checks nothing more). */
export const getRealmEmoji =
  (deps: UploadsRpcDeps): Handler<unknown, Reply<'GET /realm/emoji'>> =>
  async (_req, ctx) => ({
    emoji: await realmEmojiDict(deps.pool, ctx.caller.realm_id),
  });

export const deactivateRealmEmoji =
  (deps: UploadsRpcDeps): Handler<RealmEmojiNameRequest__Output, Reply<'DELETE /realm/emoji/{emoji_name}'>> =>
  async (req, ctx) => {
    await deactivateEmoji(deps, ctx.caller, req.emoji_name);
    return {};
  };

export const checkRealmEmojiRpc =
  (deps: UploadsRpcDeps): Handler<CheckRealmEmojiRequest__Output, CheckRealmEmojiReply> =>
  async (req) => {
    const realmId = Number(req.realm_id);
    if (req.emoji_code === undefined) return { emoji_code: await realmEmojiCodeOf(deps.pool, realmId, req.emoji_name) };
    await checkRealmEmoji(deps.pool, realmId, req.emoji_code, req.emoji_name);
    return { emoji_code: req.emoji_code };
  };

/** POST /register's realm_emoji, when fetch_event_types asks for it (or is absent). */
export const getRegisterState =
  (deps: UploadsRpcDeps): Handler<RegisterStateRequest__Output> =>
  async (req, ctx) => {
    const wanted = req.fetch_event_types === undefined ? null : (JSON.parse(req.fetch_event_types) as string[]);
    if (wanted !== null && !wanted.includes('realm_emoji')) return {};
    return { realm_emoji: await realmEmojiDict(deps.pool, ctx.caller.realm_id) };
  };
