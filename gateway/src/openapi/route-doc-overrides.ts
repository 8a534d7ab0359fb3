import type { RouteDocOverride } from './reference-docs';

/**
 * Where Parley's documentation of a route departs from what Zulip's reference gives it
 * (reference-docs.ts: the summary, the description's first paragraph, the feature level, each
 * parameter's first paragraph): Parley's bounds and behaviour, a deprecation, a Parley
 * parameter, a later paragraph worth keeping. Each entry says why in one line; an entry for a
 * route that is not documented from the reference fails the build.
 */
export const routeDocOverrides: Readonly<Record<string, RouteDocOverride>> = {
  'POST /invites/multiuse': {
    reason: "Parley's bounds on links, and the parameters it does not take.",
    doc: {
      description:
        'Create a [reusable invitation link](https://zulip.com/help/invite-new-users#create-a-reusable-invitation-link) which can be used to invite new users to the organization (`create_multiuse_invite_group`, administrators by default). Parley keeps at most 1,000 live links per organization; an expiry is at most 5,256,000 minutes (ten years) or `null` (never). Parley does not take `group_ids` or `welcome_message_custom_text` yet (they come back in `ignored_parameters_unsupported`). Someone holding the link gives their address (`POST /invites/link/{key}/accept`) and signs up through the confirmation mailed to it.',
    },
  },
  'GET /invites': {
    reason: 'Says who sees which invitations.',
    doc: {
      description:
        'Fetch all unexpired [invitations](https://zulip.com/help/invite-new-users) (i.e. email invitations and reusable invitation links) that can be managed by the user: every one of the organization for administrators, their own for others. Email invitations come first (`is_multiuse: false`, with `email`), then links (`is_multiuse: true`, with `link_url`). A used or revoked invitation, or one whose sender was deactivated, is not listed.',
    },
  },
  'POST /invites': {
    reason: "Parley's daily bound, its domain rule, and what it does not do yet.",
    doc: {
      description:
        "Send [invitations](https://zulip.com/help/invite-new-users) to specified email addresses (`can_invite_users_group`, members by default). Each invitee gets a mail whose link (`/accounts/do_confirm/{key}/`) asks only a name and a password. An organization sends at most 100 invitation mails a day, resends included (Parley's bound, Zulip's default): beyond, `INVITATION_FAILED` with `daily_limit_reached`. Parley keeps no list of an organization's domains, so one restricted to its domains (`emails_restricted_to_domains`) refuses every address (\"Outside your domain.\"); disposable addresses are not detected. `welcome_message_custom_text` is kept but not sent yet (Parley has no Welcome Bot messages).",
    },
  },
  'DELETE /users/me': {
    reason: 'Parley also deactivates the bots the user owns, and names the refusal for the last user or owner.',
    doc: {
      description:
        "Deactivates the current user's account, and the bots they own. The only user of the organization, and its only owner, cannot: `CANNOT_DEACTIVATE_LAST_USER`, with `is_last_owner` and `entity`.",
    },
  },
  'POST /users/me/alert_words': {
    reason: "Parley's bounds on alert words.",
    doc: {
      description:
        "Add words (or phrases) to the user's set of configured [alert words](https://zulip.com/help/dm-mention-alert-notifications#alert-words). Each is trimmed, at most 100 characters, and unique without regard to case; Parley keeps at most 1,000 per user.",
    },
  },
  'DELETE /users/me/alert_words': {
    reason: "Keeps the reference's second paragraph: how words are matched.",
    doc: {
      description: "Remove words (or phrases) from the user's set of configured [alert words](https://zulip.com/help/dm-mention-alert-notifications#alert-words). Alert words are case insensitive.",
    },
  },
  'POST /users/me/muted_users/{muted_user_id}': {
    reason: "What muting does in Parley (muted users' messages arrive read), and its bound.",
    doc: {
      description:
        "[Mute a user](https://zulip.com/help/mute-a-user) from the perspective of the requesting user. The muted user's new messages arrive already read for the requesting user. Parley keeps at most 1,000 muted users per user.",
    },
  },
  'POST /channels/create': {
    reason: "Parley's bound on a realm's channels.",
    doc: {
      description:
        "Create a new [channel](https://zulip.com/help/create-channels) and optionally subscribe users to the newly created channel. The initial [channel settings](https://zulip.com/api/update-stream) will be determined by the optional parameters, like `invite_only`, detailed below. An organization has at most 5,000 channels, archived ones included (Parley's bound, `MAX_CHANNELS_PER_REALM`).",
    },
  },
  'POST /users/me/subscriptions': {
    reason: "Parley's bound on a realm's channels, which creating channels by name meets.",
    doc: {
      description:
        "Subscribe one or more users to one or more channels, creating those that do not exist. An organization has at most 5,000 channels, archived ones included (Parley's bound, `MAX_CHANNELS_PER_REALM`): a request that would create more creates none.",
    },
  },
  'POST /user_groups/create': {
    reason: "Parley's bound on a realm's user groups.",
    doc: {
      description:
        "Create a new [user group](https://zulip.com/help/user-groups). An organization has at most 2,000 user groups, deactivated ones included (Parley's bound, `MAX_USER_GROUPS_PER_REALM`).",
    },
  },
  'POST /realm/filters': {
    reason: "Parley's bound on a realm's linkifiers.",
    doc: {
      description:
        "Configure [linkifiers](https://zulip.com/help/add-a-custom-linkifier), regular expression patterns that are automatically linkified when they appear in messages and topics. An organization has at most 500 linkifiers (Parley's bound, `MAX_LINKIFIERS_PER_REALM`).",
    },
  },
  'POST /realm/profile_fields': {
    reason: "Parley's bound on a realm's custom profile fields.",
    doc: {
      description:
        "[Create a custom profile field](https://zulip.com/help/custom-profile-fields#add-a-custom-profile-field) in the user's organization. An organization has at most 100 custom profile fields (Parley's bound, `MAX_CUSTOM_PROFILE_FIELDS_PER_REALM`).",
    },
  },
  'POST /realm/playgrounds': {
    reason: "Parley's bound on playgrounds.",
    doc: {
      description: "Configure [code playgrounds](https://zulip.com/help/code-blocks#code-playgrounds) for the organization. A realm has at most 100 (Parley's bound).",
    },
  },
  'POST /navigation_views': {
    reason: "Parley's bound on navigation views.",
    doc: {
      description:
        "Adds a new custom left sidebar navigation view configuration for the current user. This can be used both to configure built-in navigation views, or to add new navigation views. A user has at most 100 (Parley's bound).",
    },
  },
  'POST /realm/test_welcome_bot_custom_message': {
    reason: "Keeps the reference's second paragraph: the length limit Parley enforces.",
    params: {
      welcome_message_custom_text: 'Custom message text, in Zulip Markdown format, to be used for this test message. Maximum length is 8000 characters.',
    },
  },
  'POST /streams/{stream_id}/delete_topic': {
    reason: 'How Parley deletes in batches and says when to repeat the request.',
    doc: {
      description:
        'Delete all messages in a topic. Messages are deleted in batches, newest first; when the request runs out of time after deleting some of them, `complete` is `false` and the client should repeat the request.',
    },
  },
  'POST /user_topics': {
    reason: "The empty topic's display name, and the policies' values, which the reference lists below its first paragraph.",
    params: {
      topic:
        'The topic for which the personal preferences needs to be updated. The request succeeds whether or not any messages have been sent to the topic. The value of `realm_empty_topic_display_name` is interpreted as the empty topic.',
      visibility_policy: 'Controls which visibility policy to set: 0 = None, 1 = Muted, 2 = Unmuted, 3 = Followed.',
    },
  },
  'PATCH /users/me/subscriptions/muted_topics': {
    reason: 'Deprecated for POST /user_topics; exactly one of `stream` and `stream_id`.',
    doc: {
      description: '[Mute or unmute a topic](https://zulip.com/help/mute-a-topic) within a channel that the current user is subscribed to. Deprecated: use POST /user_topics.',
    },
    params: {
      stream_id: 'The ID of the channel to access. Exactly one of `stream` and `stream_id` is given.',
      stream: 'The name of the channel to access. Exactly one of `stream` and `stream_id` is given.',
      topic: 'The topic to (un)mute. The request succeeds whether or not any messages have been sent to the topic.',
    },
  },
  'POST /messages': {
    reason: 'A Parley addition: the reference has no such parameter.',
    params: {
      idempotency_key:
        "Parley addition: a key of 1 to 255 characters; a send with the same key as an earlier one of the same sender within 24 hours answers that message's `id` and sends nothing. The `Idempotency-Key` header does the same.",
    },
  },
  'POST /messages/{message_id}/reactions': {
    reason: 'The three values, which the reference gives only in later paragraphs.',
    params: {
      reaction_type: 'A string indicating the type of emoji: `unicode_emoji`, `realm_emoji` or `zulip_extra_emoji`.',
    },
  },
  'DELETE /messages/{message_id}/reactions': {
    reason: 'The three values, which the reference gives only in later paragraphs.',
    params: {
      reaction_type: 'A string indicating the type of emoji: `unicode_emoji`, `realm_emoji` or `zulip_extra_emoji`.',
    },
  },
  'GET /messages/{message_id}/read_receipts': {
    reason: "Who Parley lists and when it refuses (the organization's `enable_read_receipts`).",
    doc: {
      description:
        "The IDs of the users who have marked the message as read and whose settings allow sharing that (`send_read_receipts`), never the message's sender. Refused when the organization disables read receipts (`enable_read_receipts`).",
    },
  },
  'GET /users/me/{stream_id}/topics': {
    reason: "The order of topics and protected history in Parley; the empty topic's display name.",
    doc: {
      description:
        'Get all topics the user has access to in a specific channel, the one with the most recent message first. In a private channel with protected history, only the topics of messages the user received.',
    },
    params: {
      allow_empty_topic_name:
        'Whether the client supports processing the empty string as a topic name in the returned data. If `false`, the value of `realm_empty_topic_display_name` is returned in its place.',
    },
  },
  'POST /mark_all_as_read': {
    reason: 'Batches and `complete` in Parley; deprecated for POST /messages/flags/narrow.',
    doc: {
      description:
        "Marks all of the current user's unread messages as read, in batches starting with the newest; `complete` is false when the batches ran out of time, and the client repeats the request. Deprecated: use POST /messages/flags/narrow.",
    },
  },
  'POST /mark_stream_as_read': {
    reason: 'Deprecated for POST /messages/flags/narrow.',
    doc: {
      description: 'Mark all the unread messages in a channel as read. Deprecated: use POST /messages/flags/narrow.',
    },
  },
  'POST /mark_topic_as_read': {
    reason: "Deprecated for POST /messages/flags/narrow; the empty topic's display name.",
    doc: {
      description: 'Mark all the unread messages in a topic as read. Deprecated: use POST /messages/flags/narrow.',
    },
    params: {
      topic_name: "The name of the topic whose messages should be marked as read. The realm's `realm_empty_topic_display_name` stands for the empty topic.",
    },
  },
};
