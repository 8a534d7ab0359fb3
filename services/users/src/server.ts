import type { RouteHandlers } from '@parley/common/api';
import { join } from 'node:path';
import { redisKeyPrefix, runService, RunningService, Handler, Logger, subscribeTo, clientEventSubject } from '@parley/common';
import { MailSender } from './mail/sender';
import { recordMissedMessages, startMissedMessageMail } from './mail/missed-messages';
import { startDigestJob } from './domain/digest';
import { createMailTransport } from './mail/transport';
import type { UsersConfig } from './config';
import type { UsersDeps } from './deps';
import { MemoryPresenceStore, PresenceStore, RedisPresenceStore } from './store/presence';
import { PgSessionStore, RedisSessionStore, SessionStore } from './store/sessions';
import type pg from 'pg';
import { getSession, login, logout } from './rpc/sessions';
import { unsubscribe } from './rpc/mail';
import { updatePresence, getRealmPresence, getUserPresence } from './rpc/presence';
import {
  getCustomProfileFields,
  createCustomProfileField,
  reorderCustomProfileFields,
  updateCustomProfileField,
  deleteCustomProfileField,
  updateProfileData,
  removeProfileData,
} from './rpc/custom-profile-fields';
import { authenticate, fetchApiKey, getLoginLimitKey } from './rpc/auth';
import { confirmEmailChange } from './rpc/email-change';
import { getServerSettings, updateRealmUserDefaults, updateRealm, getRealmPolicy, setInitialAnnouncementsChannel } from './rpc/realm';
import { getOwnUser, getUser, getUserByEmail, getUsers, createUser, updateUser, updateUserByEmail, deactivateUser, reactivateUser, deactivateOwnUser, resetUserPassword } from './rpc/users';
import {
  createMultiuseInvite,
  getInvites,
  revokeMultiuseInvite,
  getInviteLink,
  acceptInviteLinkRpc,
  sendInvites,
  revokeInvite,
  resendInvite,
  getConfirmation,
  completeRegistrationRpc,
} from './rpc/invites';
import { listenForOwnUserChanges, ownUserAnswers } from './domain/own-user';
import { realmPeopleAnswers } from './domain/realm-people';
import {
  getRegisterState,
  isInGroupSetting,
  resolveUsers,
  checkGroupSettings,
  expandGroupSettings,
  getGroupMemberships,
  getPermissionContext,
  getRenderContext,
  getReadReceiptUsers,
  getTypingPreferences,
  getUserSettings,
  getRecipientTraits,
} from './rpc/internal';
import { updateSettings } from './rpc/settings';
import {
  createUserGroup,
  getUserGroups,
  updateUserGroup,
  updateUserGroupMembers,
  updateUserGroupSubgroups,
  getUserGroupMember,
  getUserGroupMembers,
  getUserGroupSubgroups,
  deactivateUserGroup,
} from './rpc/user-groups';
import { updateOwnStatus, updateUserStatus, getUserStatus } from './rpc/user-status';
import { addApnsDeviceToken, addFcmToken, e2eeTestPushNotification, registerPushDevice, removeApnsDeviceToken, removeFcmToken, testPushNotification } from './rpc/push-devices';
import { createBot, deactivateBot, getBots, regenerateBotApiKey, updateBot } from './rpc/bots';
import { addLinkifier, getLinkifiers, updateLinkifier, removeLinkifier, reorderLinkifiers } from './rpc/linkifiers';
import { addAlertWords, getAlertWords, removeAlertWords } from './rpc/alert-words';
import { muteUser, unmuteUser } from './rpc/muted-users';
import { changeAvatar, getAvatarUrl } from './rpc/avatars';
import { addPlayground, removePlayground } from './rpc/playgrounds';
import { getPasswordReset, requestPasswordReset, resetPassword } from './rpc/password-reset';
import { addNavigationView, getNavigationViews, removeNavigationView, updateNavigationView } from './rpc/navigation-views';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/** The handler table: one entry per RPC of protos/parley/users/v1/users.proto. */
export function usersHandlers(deps: UsersDeps): Record<string, Handler> {
  const handlers = {
    Authenticate: authenticate(deps),
    Login: login(deps),
    Logout: logout(deps),
    GetSession: getSession(deps),
    GetLoginLimitKey: getLoginLimitKey(deps),
    RequestPasswordReset: requestPasswordReset(deps),
    GetPasswordReset: getPasswordReset(deps),
    ResetPassword: resetPassword(deps),
    Unsubscribe: unsubscribe(deps),
    ConfirmEmailChange: confirmEmailChange(deps),
    GetServerSettings: getServerSettings(deps),
    FetchApiKey: fetchApiKey(deps),
    GetOwnUser: getOwnUser(deps),
    GetUser: getUser(deps),
    GetUserByEmail: getUserByEmail(deps),
    GetUsers: getUsers(deps),
    CreateUser: createUser(deps),
    UpdateUser: updateUser(deps),
    UpdateUserByEmail: updateUserByEmail(deps),
    DeactivateUser: deactivateUser(deps),
    ReactivateUser: reactivateUser(deps),
    DeactivateOwnUser: deactivateOwnUser(deps),
    ResetUserPassword: resetUserPassword(deps),
    CreateMultiuseInvite: createMultiuseInvite(deps),
    GetInvites: getInvites(deps),
    RevokeMultiuseInvite: revokeMultiuseInvite(deps),
    GetInviteLink: getInviteLink(deps),
    AcceptInviteLink: acceptInviteLinkRpc(deps),
    SendInvites: sendInvites(deps),
    RevokeInvite: revokeInvite(deps),
    ResendInvite: resendInvite(deps),
    GetConfirmation: getConfirmation(deps),
    CompleteRegistration: completeRegistrationRpc(deps),
    CreateBot: createBot(deps),
    GetBots: getBots(deps),
    UpdateBot: updateBot(deps),
    DeactivateBot: deactivateBot(deps),
    RegenerateBotApiKey: regenerateBotApiKey(deps),
    GetRegisterState: getRegisterState(deps),
    UpdateSettings: updateSettings(deps),
    UpdateRealmUserDefaults: updateRealmUserDefaults(deps),
    UpdateRealm: updateRealm(deps),
    CreateUserGroup: createUserGroup(deps),
    GetUserGroups: getUserGroups(deps),
    UpdateUserGroup: updateUserGroup(deps),
    UpdateUserGroupMembers: updateUserGroupMembers(deps),
    UpdateUserGroupSubgroups: updateUserGroupSubgroups(deps),
    GetUserGroupMembers: getUserGroupMembers(deps),
    GetUserGroupMember: getUserGroupMember(deps),
    GetUserGroupSubgroups: getUserGroupSubgroups(deps),
    DeactivateUserGroup: deactivateUserGroup(deps),
    IsInGroupSetting: isInGroupSetting(deps),
    ResolveUsers: resolveUsers(deps),
    GetRealmPolicy: getRealmPolicy(deps),
    SetInitialAnnouncementsChannel: setInitialAnnouncementsChannel(deps),
    GetGroupMemberships: getGroupMemberships(deps),
    GetPermissionContext: getPermissionContext(deps),
    ExpandGroupSettings: expandGroupSettings(deps),
    CheckGroupSettings: checkGroupSettings(deps),
    GetRenderContext: getRenderContext(deps),
    ChangeAvatar: changeAvatar(deps),
    GetAvatarUrl: getAvatarUrl(deps),
    GetTypingPreferences: getTypingPreferences(deps),
    GetUserSettings: getUserSettings(deps),
    GetReadReceiptUsers: getReadReceiptUsers(deps),
    GetAlertWords: getAlertWords(deps),
    AddAlertWords: addAlertWords(deps),
    RemoveAlertWords: removeAlertWords(deps),
    MuteUser: muteUser(deps),
    UnmuteUser: unmuteUser(deps),
    GetRecipientTraits: getRecipientTraits(deps),
    UpdateOwnStatus: updateOwnStatus(deps),
    AddApnsDeviceToken: addApnsDeviceToken(deps),
    RemoveApnsDeviceToken: removeApnsDeviceToken(deps),
    AddFcmToken: addFcmToken(deps),
    RemoveFcmToken: removeFcmToken(deps),
    TestPushNotification: testPushNotification(deps),
    RegisterPushDevice: registerPushDevice(),
    E2eeTestPushNotification: e2eeTestPushNotification(),
    UpdateUserStatus: updateUserStatus(deps),
    GetUserStatus: getUserStatus(deps),
    AddLinkifier: addLinkifier(deps),
    GetLinkifiers: getLinkifiers(deps),
    UpdateLinkifier: updateLinkifier(deps),
    RemoveLinkifier: removeLinkifier(deps),
    ReorderLinkifiers: reorderLinkifiers(deps),
    AddPlayground: addPlayground(deps),
    RemovePlayground: removePlayground(deps),
    GetNavigationViews: getNavigationViews(deps),
    AddNavigationView: addNavigationView(deps),
    UpdateNavigationView: updateNavigationView(deps),
    RemoveNavigationView: removeNavigationView(deps),
    UpdatePresence: updatePresence(deps),
    GetRealmPresence: getRealmPresence(deps),
    GetUserPresence: getUserPresence(deps),
    GetCustomProfileFields: getCustomProfileFields(deps),
    CreateCustomProfileField: createCustomProfileField(deps),
    ReorderCustomProfileFields: reorderCustomProfileFields(deps),
    UpdateCustomProfileField: updateCustomProfileField(deps),
    DeleteCustomProfileField: deleteCustomProfileField(deps),
    UpdateProfileData: updateProfileData(deps),
    RemoveProfileData: removeProfileData(deps),
  };
  // Each route's handler replies with the route's published response type (api/route-rpcs.ts).
  return handlers satisfies RouteHandlers<'users'>;
}

/** Every replica sends queued mail (mail/sender.ts); the log says where it goes. */
function startMailSender(config: UsersConfig, pool: pg.Pool, log: Logger): MailSender {
  const { transport } = config.mail;
  const sender = new MailSender(pool, createMailTransport(transport), log, config.mail.sender);
  if (transport.kind === 'smtp') log.info({ host: transport.host, port: transport.port }, `mail: sent through SMTP at ${transport.host}:${transport.port}`);
  else log.info({ dir: transport.dir }, `mail: no EMAIL_HOST, so mails are written to ${transport.dir} (npm run manage -- mails lists them)`);
  sender.start();
  return sender;
}

/** Presence lives in Redis when REDIS_URL is set (shared by the replicas), else in memory. */
export function createPresenceStore(config: UsersConfig): PresenceStore {
  return config.redisUrl ? new RedisPresenceStore(config.redisUrl, redisKeyPrefix(config.busNamespace)) : new MemoryPresenceStore();
}

/** Browser sessions live in Redis when REDIS_URL is set (any replica knows them), else in the users schema. */
export function createSessionStore(config: UsersConfig, pool: pg.Pool): SessionStore {
  return config.redisUrl ? new RedisSessionStore(config.redisUrl, redisKeyPrefix(config.busNamespace)) : new PgSessionStore(pool);
}

export function startUsersService(config: UsersConfig): Promise<RunningService> {
  const presence = createPresenceStore(config);
  // Made with the service's pool, when the handlers are.
  let sessions: SessionStore | undefined;
  const kept = ownUserAnswers();
  const people = realmPeopleAnswers();
  return runService({
    name: 'users',
    config,
    migrationsDir: MIGRATIONS_DIR,
    // The messages service keeps permission contexts (realm policy, groups, users) until this
    // service announces a change: the announcement goes out before the change's answer.
    publishBeforeReply: true,
    makeHandlers: ({ pool, log, clients }) => {
      sessions = createSessionStore(config, pool);
      return usersHandlers({ pool, log, config, presence, sessions, clients, kept, people });
    },
    onStart: async ({ bus, pool, log, clients }) => {
      const stops = await Promise.all([listenForOwnUserChanges(kept, bus), people.listen(bus)]);
      const mail = startMailSender(config, pool, log);
      const missed = { pool, config, presence, clients, log };
      // Every message event, durably: who was away when it came is recorded for a mail (missed-messages.ts).
      const missedEvents = await subscribeTo(bus, { subject: clientEventSubject('messages'), durable: 'users-missed-mail', handler: (msg) => recordMissedMessages(missed, msg.data) });
      const stopMissed = startMissedMessageMail(missed);
      const digests = startDigestJob({ pool, config, clients, presence, log }, config.digestPollMs);
      return async () => {
        await digests.stop();
        await missedEvents.stop();
        await stopMissed();
        await mail.stop();
        await Promise.all(stops.map((stop) => stop()));
        await presence.close();
        await sessions?.close();
      };
    },
  });
}
