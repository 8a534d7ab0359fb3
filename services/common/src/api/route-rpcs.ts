import type { EncodedJson, Handler } from '../grpc/server';
import type { Reply, ResponseKey } from './index';

/**
 * Which route each gateway-facing RPC answers, by service: the route table's (gateway/src/
 * routes.ts) service, rpc, method and path, written here so the services can type their
 * handlers by it (a gateway unit test keeps the two the same). An RPC behind several routes
 * answers each of them.
 */
export const ROUTE_RPCS = {
  users: {
    GetServerSettings: ['GET /server_settings'],
    FetchApiKey: ['POST /fetch_api_key'],
    GetOwnUser: ['GET /users/me'],
    GetUsers: ['GET /users'],
    CreateUser: ['POST /users'],
    GetUser: ['GET /users/{user_id}'],
    UpdateUser: ['PATCH /users/{user_id}'],
    DeactivateUser: ['DELETE /users/{user_id}'],
    ReactivateUser: ['POST /users/{user_id}/reactivate'],
    GetAlertWords: ['GET /users/me/alert_words'],
    AddAlertWords: ['POST /users/me/alert_words'],
    RemoveAlertWords: ['DELETE /users/me/alert_words'],
    MuteUser: ['POST /users/me/muted_users/{muted_user_id}'],
    UnmuteUser: ['DELETE /users/me/muted_users/{muted_user_id}'],
    UpdateOwnStatus: ['POST /users/me/status'],
    AddApnsDeviceToken: ['POST /users/me/apns_device_token'],
    RemoveApnsDeviceToken: ['DELETE /users/me/apns_device_token'],
    AddFcmToken: ['POST /users/me/android_gcm_reg_id'],
    RemoveFcmToken: ['DELETE /users/me/android_gcm_reg_id'],
    TestPushNotification: ['POST /mobile_push/test_notification'],
    RegisterPushDevice: ['POST /mobile_push/register'],
    E2eeTestPushNotification: ['POST /mobile_push/e2ee/test_notification'],
    UpdateUserStatus: ['POST /users/{user_id}/status'],
    GetUserStatus: ['GET /users/{user_id}/status'],
    UpdateSettings: ['PATCH /settings', 'PATCH /settings/display', 'PATCH /settings/notifications'],
    UpdateRealmUserDefaults: ['PATCH /realm/user_settings_defaults'],
    UpdateRealm: ['PATCH /realm'],
    CreateUserGroup: ['POST /user_groups/create'],
    GetUserGroups: ['GET /user_groups'],
    UpdateUserGroup: ['PATCH /user_groups/{user_group_id}'],
    UpdateUserGroupMembers: ['POST /user_groups/{user_group_id}/members'],
    UpdateUserGroupSubgroups: ['POST /user_groups/{user_group_id}/subgroups'],
    GetUserGroupMembers: ['GET /user_groups/{user_group_id}/members'],
    GetUserGroupMember: ['GET /user_groups/{user_group_id}/members/{user_id}'],
    GetUserGroupSubgroups: ['GET /user_groups/{user_group_id}/subgroups'],
    DeactivateUserGroup: ['POST /user_groups/{user_group_id}/deactivate'],
    AddLinkifier: ['POST /realm/filters'],
    GetLinkifiers: ['GET /realm/linkifiers'],
    UpdateLinkifier: ['PATCH /realm/filters/{filter_id}'],
    RemoveLinkifier: ['DELETE /realm/filters/{filter_id}'],
    ReorderLinkifiers: ['PATCH /realm/linkifiers'],
    UpdatePresence: ['POST /users/me/presence'],
    GetRealmPresence: ['GET /realm/presence'],
    GetUserPresence: ['GET /users/{user_id_or_email}/presence'],
    GetCustomProfileFields: ['GET /realm/profile_fields'],
    CreateCustomProfileField: ['POST /realm/profile_fields'],
    ReorderCustomProfileFields: ['PATCH /realm/profile_fields'],
    UpdateCustomProfileField: ['PATCH /realm/profile_fields/{field_id}'],
    DeleteCustomProfileField: ['DELETE /realm/profile_fields/{field_id}'],
    UpdateProfileData: ['PATCH /users/me/profile_data'],
    RemoveProfileData: ['DELETE /users/me/profile_data'],
  },
  channels: {
    CreateChannelFolder: ['POST /channel_folders/create'],
    GetChannelFolders: ['GET /channel_folders'],
    ReorderChannelFolders: ['PATCH /channel_folders'],
    UpdateChannelFolder: ['PATCH /channel_folders/{channel_folder_id}'],
    Subscribe: ['POST /users/me/subscriptions'],
    Unsubscribe: ['DELETE /users/me/subscriptions'],
    UpdateSubscriptions: ['PATCH /users/me/subscriptions'],
    GetSubscriptions: ['GET /users/me/subscriptions'],
    UpdateSubscriptionProperties: ['POST /users/me/subscriptions/properties'],
    GetSubscriptionStatus: ['GET /users/{user_id}/subscriptions/{stream_id}'],
    CreateChannel: ['POST /channels/create'],
    GetChannels: ['GET /streams'],
    GetChannelById: ['GET /streams/{stream_id}'],
    UpdateChannel: ['PATCH /streams/{stream_id}'],
    ArchiveChannel: ['DELETE /streams/{stream_id}'],
    GetChannelId: ['GET /get_stream_id'],
    GetChannelMembers: ['GET /streams/{stream_id}/members'],
    GetChannelEmailAddress: ['GET /streams/{stream_id}/email_address'],
    GetDefaultChannels: ['GET /default_streams'],
    AddDefaultChannel: ['POST /default_streams'],
    RemoveDefaultChannel: ['DELETE /default_streams'],
  },
  messages: {
    SendMessage: ['POST /messages'],
    GetMessages: ['GET /messages'],
    UpdateMessageFlags: ['POST /messages/flags'],
    UpdateMessageFlagsForNarrow: ['POST /messages/flags/narrow'],
    RenderMessage: ['POST /messages/render'],
    MatchesNarrow: ['GET /messages/matches_narrow'],
    GetMessage: ['GET /messages/{message_id}'],
    DeleteMessage: ['DELETE /messages/{message_id}'],
    EditMessage: ['PATCH /messages/{message_id}'],
    GetMessageHistory: ['GET /messages/{message_id}/history'],
    ReportMessage: ['POST /messages/{message_id}/report'],
    AddReaction: ['POST /messages/{message_id}/reactions'],
    AddSubmessage: ['POST /submessage'],
    RemoveReaction: ['DELETE /messages/{message_id}/reactions'],
    MarkAllAsRead: ['POST /mark_all_as_read'],
    MarkChannelAsRead: ['POST /mark_stream_as_read'],
    MarkTopicAsRead: ['POST /mark_topic_as_read'],
    GetReadReceipts: ['GET /messages/{message_id}/read_receipts'],
    GetChannelTopics: ['GET /users/me/{stream_id}/topics'],
    UpdateUserTopic: ['POST /user_topics'],
    UpdateMutedTopic: ['PATCH /users/me/subscriptions/muted_topics'],
    DeleteTopic: ['POST /streams/{stream_id}/delete_topic'],
    GetScheduledMessages: ['GET /scheduled_messages'],
    CreateScheduledMessage: ['POST /scheduled_messages'],
    UpdateScheduledMessage: ['PATCH /scheduled_messages/{scheduled_message_id}'],
    DeleteScheduledMessage: ['DELETE /scheduled_messages/{scheduled_message_id}'],
    GetReminders: ['GET /reminders'],
    CreateReminder: ['POST /reminders'],
    DeleteReminder: ['DELETE /reminders/{reminder_id}'],
    GetDrafts: ['GET /drafts'],
    CreateDrafts: ['POST /drafts'],
    EditDraft: ['PATCH /drafts/{draft_id}'],
    DeleteDraft: ['DELETE /drafts/{draft_id}'],
    GetSavedSnippets: ['GET /saved_snippets'],
    CreateSavedSnippet: ['POST /saved_snippets'],
    UpdateSavedSnippet: ['PATCH /saved_snippets/{saved_snippet_id}'],
    DeleteSavedSnippet: ['DELETE /saved_snippets/{saved_snippet_id}'],
    SetTyping: ['POST /typing'],
    SetEditTyping: ['POST /messages/{message_id}/typing'],
  },
  uploads: {
    GetAttachments: ['GET /attachments'],
    DeleteAttachment: ['DELETE /attachments/{attachment_id}'],
    GetFileTemporaryUrl: ['GET /user_uploads/{realm_id_str}/{filename}'],
    GetRealmEmoji: ['GET /realm/emoji'],
    DeactivateRealmEmoji: ['DELETE /realm/emoji/{emoji_name}'],
  },
  events: {
    Register: ['POST /register'],
    GetEvents: ['GET /events'],
    DeleteQueue: ['DELETE /events'],
  },
} as const satisfies Record<string, Record<string, readonly ResponseKey[]>>;

export type RoutedService = keyof typeof ROUTE_RPCS;

/**
 * A service's handlers of gateway-facing RPCs, each replying with its route's response type.
 * Every service's handler table `satisfies` this (with its internal RPCs beside), so a reply
 * that drifts from the published description fails the build. A handler may answer with the
 * reply already encoded (EncodedJson of the same type).
 */
export type RouteHandlers<S extends RoutedService> = {
  [R in keyof (typeof ROUTE_RPCS)[S]]: Handler<any, Answer<Reply<(typeof ROUTE_RPCS)[S][R] extends readonly (infer K extends ResponseKey)[] ? K : never>>>; // eslint-disable-line @typescript-eslint/no-explicit-any
};

type Answer<T> = T | EncodedJson<T>;
