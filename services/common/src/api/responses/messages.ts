// Generated once from ../shared/reference/zulip-openapi.yaml (Zulip's 200 responses), then owned
// as code: edit freely where Parley legitimately differs.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  IgnoredParametersUnsupported,
  get_messages_200_response_allOf_messages_inner,
  check_messages_match_narrow_200_response_allOf_messages_value,
  get_message_200_response_allOf_message,
  Attachment,
  get_message_history_200_response_allOf_message_history_inner,
  ScheduledMessage,
  Reminder,
  Draft,
  SavedSnippet,
} from './components';

export const SendMessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    id: Type.Integer({ description: 'The unique ID assigned to the sent message.' }),
    automatic_new_visibility_policy: Type.Optional(
      Type.Union([Type.Literal(2), Type.Literal(3)], {
        description:
          "If the message's sender had configured their [visibility policy settings](https://zulip.com/help/mute-a-topic) to potentially automatically follow or unmute topics when sending messages, and one of these policies did in fact change the user's visibility policy for the topic where this message was sent, the new value for that user's visibility policy for the recipient topic.",
      }),
    ),
  },
  { $id: 'SendMessageResponse', additionalProperties: false },
);
export type SendMessageResponse = Static<typeof SendMessageResponse>;

export const GetMessagesResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    anchor: Type.Optional(Type.Integer({ description: 'The same `anchor` specified in the request (or the computed one, if `use_first_unread_anchor` is `true`).' })),
    found_newest: Type.Optional(
      Type.Boolean({
        description:
          'Whether the server promises that the `messages` list includes the very newest messages matching the narrow (used by clients that paginate their requests to decide whether there may be more messages to fetch).',
      }),
    ),
    found_oldest: Type.Optional(
      Type.Boolean({
        description:
          'Whether the server promises that the `messages` list includes the very oldest messages matching the narrow (used by clients that paginate their requests to decide whether there may be more messages to fetch).',
      }),
    ),
    found_anchor: Type.Optional(
      Type.Boolean({
        description:
          'Whether the anchor message is included in the response. If the message with the ID specified in the request does not exist, did not match the narrow, or was excluded via `"include_anchor": false`, this will be false.',
      }),
    ),
    history_limited: Type.Optional(
      Type.Boolean({
        description: 'Whether the message history was limited due to plan restrictions. This flag is set to `true` only when the oldest messages(`found_oldest`) matching the narrow is fetched.',
      }),
    ),
    messages: Type.Array(get_messages_200_response_allOf_messages_inner, { description: 'An array of `message` objects.' }),
  },
  { $id: 'GetMessagesResponse', additionalProperties: false },
);
export type GetMessagesResponse = Static<typeof GetMessagesResponse>;

export const UpdateMessageFlagsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    messages: Type.Optional(Type.Array(Type.Integer(), { description: 'An array with the IDs of the modified messages.' })),
    ignored_because_not_subscribed_channels: Type.Optional(Type.Array(Type.Integer(), { description: 'Only present if the flag is `read` and the operation is `remove`.' })),
  },
  { $id: 'UpdateMessageFlagsResponse', additionalProperties: false },
);
export type UpdateMessageFlagsResponse = Static<typeof UpdateMessageFlagsResponse>;

export const UpdateMessageFlagsForNarrowResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    processed_count: Type.Integer({ description: 'The number of messages that were within the update range (at most `num_before + 1 + num_after`).' }),
    updated_count: Type.Integer({ description: "The number of messages where the flag's value was changed (at most `processed_count`)." }),
    first_processed_id: Type.Union([Type.Integer({ description: 'The ID of the oldest message within the update range, or `null` if the range was empty.' }), Type.Null()]),
    last_processed_id: Type.Union([Type.Integer({ description: 'The ID of the newest message within the update range, or `null` if the range was empty.' }), Type.Null()]),
    found_oldest: Type.Boolean({
      description:
        'Whether the update range reached backward far enough to include very oldest message matching the narrow (used by clients doing a bulk update to decide whether to issue another request anchored at `first_processed_id`).',
    }),
    found_newest: Type.Boolean({
      description:
        'Whether the update range reached forward far enough to include very oldest message matching the narrow (used by clients doing a bulk update to decide whether to issue another request anchored at `last_processed_id`).',
    }),
    ignored_because_not_subscribed_channels: Type.Optional(Type.Array(Type.Integer(), { description: 'Only present if the flag is `read` and the operation is `remove`.' })),
  },
  { $id: 'UpdateMessageFlagsForNarrowResponse', additionalProperties: false },
);
export type UpdateMessageFlagsForNarrowResponse = Static<typeof UpdateMessageFlagsForNarrowResponse>;

export const RenderMessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    rendered: Type.Optional(Type.String({ description: 'The rendered HTML.' })),
  },
  { $id: 'RenderMessageResponse', additionalProperties: false },
);
export type RenderMessageResponse = Static<typeof RenderMessageResponse>;

export const MatchesNarrowResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    messages: Type.Optional(
      Type.Record(Type.String(), check_messages_match_narrow_200_response_allOf_messages_value, {
        description: 'A dictionary with a key for each queried message that matches the narrow, with message IDs as keys and search rendering data as values.',
      }),
    ),
  },
  { $id: 'MatchesNarrowResponse', additionalProperties: false },
);
export type MatchesNarrowResponse = Static<typeof MatchesNarrowResponse>;

export const GetMessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    raw_content: Type.Optional(Type.String({ description: 'The raw Markdown content of the message.', deprecated: true })),
    message: Type.Optional(get_message_200_response_allOf_message),
  },
  { $id: 'GetMessageResponse', additionalProperties: false },
);
export type GetMessageResponse = Static<typeof GetMessageResponse>;

export const DeleteMessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeleteMessageResponse', additionalProperties: false },
);
export type DeleteMessageResponse = Static<typeof DeleteMessageResponse>;

export const EditMessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    detached_uploads: Type.Optional(
      Type.Array(Attachment, {
        description:
          'Details on all files uploaded by the acting user whose only references were removed when editing this message. Clients should ask the acting user if they wish to delete the uploaded files returned in this response, which might otherwise remain visible only in message edit history.',
      }),
    ),
  },
  { $id: 'EditMessageResponse', additionalProperties: false },
);
export type EditMessageResponse = Static<typeof EditMessageResponse>;

export const GetMessageHistoryResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    message_history: Type.Optional(
      Type.Array(get_message_history_200_response_allOf_message_history_inner, {
        description: 'A chronologically sorted, oldest to newest, array of `snapshot` objects, each one with the values of the message after the edit.',
      }),
    ),
  },
  { $id: 'GetMessageHistoryResponse', additionalProperties: false },
);
export type GetMessageHistoryResponse = Static<typeof GetMessageHistoryResponse>;

export const ReportMessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'ReportMessageResponse', additionalProperties: false },
);
export type ReportMessageResponse = Static<typeof ReportMessageResponse>;

export const AddSubmessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'AddSubmessageResponse', additionalProperties: false },
);
export type AddSubmessageResponse = Static<typeof AddSubmessageResponse>;

export const AddReactionResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'AddReactionResponse', additionalProperties: false },
);
export type AddReactionResponse = Static<typeof AddReactionResponse>;

export const RemoveReactionResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'RemoveReactionResponse', additionalProperties: false },
);
export type RemoveReactionResponse = Static<typeof RemoveReactionResponse>;

export const MarkAllAsReadResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    complete: Type.Boolean({ description: 'Whether all unread messages were marked as read; false when the batches ran out of time (the client repeats the request).' }),
  },
  { $id: 'MarkAllAsReadResponse', additionalProperties: false },
);
export type MarkAllAsReadResponse = Static<typeof MarkAllAsReadResponse>;

export const MarkStreamAsReadResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'MarkStreamAsReadResponse', additionalProperties: false },
);
export type MarkStreamAsReadResponse = Static<typeof MarkStreamAsReadResponse>;

export const MarkTopicAsReadResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'MarkTopicAsReadResponse', additionalProperties: false },
);
export type MarkTopicAsReadResponse = Static<typeof MarkTopicAsReadResponse>;

export const GetReadReceiptsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    user_ids: Type.Array(Type.Integer(), {
      description: 'The IDs of the users who have marked the message as read and whose read status the caller may see: never the sender, nor users who do not share read receipts.',
    }),
  },
  { $id: 'GetReadReceiptsResponse', additionalProperties: false },
);
export type GetReadReceiptsResponse = Static<typeof GetReadReceiptsResponse>;

export const GetStreamTopicsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    topics: Type.Array(
      Type.Object(
        {
          max_id: Type.Integer({ description: 'The message ID of the last message sent to this topic.' }),
          name: Type.String({ description: 'The name of the topic.' }),
        },
        { additionalProperties: false },
      ),
      { description: 'The topics of the channel the user may see, the one with the most recent message first.' },
    ),
  },
  { $id: 'GetStreamTopicsResponse', additionalProperties: false },
);
export type GetStreamTopicsResponse = Static<typeof GetStreamTopicsResponse>;

export const UpdateUserTopicResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateUserTopicResponse', additionalProperties: false },
);
export type UpdateUserTopicResponse = Static<typeof UpdateUserTopicResponse>;

export const UpdateMutedTopicResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateMutedTopicResponse', additionalProperties: false },
);
export type UpdateMutedTopicResponse = Static<typeof UpdateMutedTopicResponse>;

export const DeleteTopicResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    complete: Type.Boolean({
      description: 'Whether every message of the topic was deleted. Will be `false` if the request deleted some, but not all, of them (within its time limit): the client repeats the request.',
    }),
  },
  { $id: 'DeleteTopicResponse', additionalProperties: false },
);
export type DeleteTopicResponse = Static<typeof DeleteTopicResponse>;

export const GetScheduledMessagesResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    scheduled_messages: Type.Optional(
      Type.Array(ScheduledMessage, { description: "Returns all of the current user's undelivered scheduled messages, ordered by `scheduled_delivery_timestamp` (ascending)." }),
    ),
  },
  { $id: 'GetScheduledMessagesResponse', additionalProperties: false },
);
export type GetScheduledMessagesResponse = Static<typeof GetScheduledMessagesResponse>;

export const CreateScheduledMessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    scheduled_message_id: Type.Optional(Type.Integer({ description: 'The unique ID of the scheduled message.' })),
  },
  { $id: 'CreateScheduledMessageResponse', additionalProperties: false },
);
export type CreateScheduledMessageResponse = Static<typeof CreateScheduledMessageResponse>;

export const UpdateScheduledMessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateScheduledMessageResponse', additionalProperties: false },
);
export type UpdateScheduledMessageResponse = Static<typeof UpdateScheduledMessageResponse>;

export const DeleteScheduledMessageResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeleteScheduledMessageResponse', additionalProperties: false },
);
export type DeleteScheduledMessageResponse = Static<typeof DeleteScheduledMessageResponse>;

export const GetRemindersResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    reminders: Type.Optional(Type.Array(Reminder, { description: "Returns all of the current user's undelivered reminders, ordered by `scheduled_delivery_timestamp` (ascending)." })),
  },
  { $id: 'GetRemindersResponse', additionalProperties: false },
);
export type GetRemindersResponse = Static<typeof GetRemindersResponse>;

export const CreateMessageReminderResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    reminder_id: Type.Optional(Type.Integer({ description: 'Unique ID of the scheduled message reminder.' })),
  },
  { $id: 'CreateMessageReminderResponse', additionalProperties: false },
);
export type CreateMessageReminderResponse = Static<typeof CreateMessageReminderResponse>;

export const DeleteReminderResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeleteReminderResponse', additionalProperties: false },
);
export type DeleteReminderResponse = Static<typeof DeleteReminderResponse>;

export const GetDraftsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    count: Type.Optional(Type.Integer({ description: 'The number of drafts the user currently has. Also the number of drafts returned under "drafts".' })),
    drafts: Type.Optional(Type.Array(Draft, { description: "Returns all of the current user's drafts, in order of last edit time (with the most recently edited draft appearing first)." })),
  },
  { $id: 'GetDraftsResponse', additionalProperties: false },
);
export type GetDraftsResponse = Static<typeof GetDraftsResponse>;

export const CreateDraftsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    ids: Type.Optional(Type.Array(Type.Integer(), { description: 'An array of the IDs for the drafts that were just created in the same order as they were submitted.' })),
  },
  { $id: 'CreateDraftsResponse', additionalProperties: false },
);
export type CreateDraftsResponse = Static<typeof CreateDraftsResponse>;

export const EditDraftResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'EditDraftResponse', additionalProperties: false },
);
export type EditDraftResponse = Static<typeof EditDraftResponse>;

export const DeleteDraftResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeleteDraftResponse', additionalProperties: false },
);
export type DeleteDraftResponse = Static<typeof DeleteDraftResponse>;

export const GetSavedSnippetsResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    saved_snippets: Type.Optional(Type.Array(SavedSnippet, { description: "An array of dictionaries containing data on all of the current user's saved snippets." })),
  },
  { $id: 'GetSavedSnippetsResponse', additionalProperties: false },
);
export type GetSavedSnippetsResponse = Static<typeof GetSavedSnippetsResponse>;

export const CreateSavedSnippetResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
    saved_snippet_id: Type.Optional(Type.Integer({ description: 'The unique ID of the saved snippet created.' })),
  },
  { $id: 'CreateSavedSnippetResponse', additionalProperties: false },
);
export type CreateSavedSnippetResponse = Static<typeof CreateSavedSnippetResponse>;

export const UpdateSavedSnippetResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'UpdateSavedSnippetResponse', additionalProperties: false },
);
export type UpdateSavedSnippetResponse = Static<typeof UpdateSavedSnippetResponse>;

export const DeleteSavedSnippetResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'DeleteSavedSnippetResponse', additionalProperties: false },
);
export type DeleteSavedSnippetResponse = Static<typeof DeleteSavedSnippetResponse>;

export const SetTypingResponse = Type.Object(
  {
    result: Type.Literal('success'),
    msg: Type.String(),
    ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
  },
  { $id: 'SetTypingResponse', additionalProperties: false },
);
export type SetTypingResponse = Static<typeof SetTypingResponse>;

/** messages: the response schema of each route, by `METHOD /path`. */
export const messagesResponses = {
  'POST /messages': SendMessageResponse,
  'GET /messages': GetMessagesResponse,
  'POST /messages/flags': UpdateMessageFlagsResponse,
  'POST /messages/flags/narrow': UpdateMessageFlagsForNarrowResponse,
  'POST /messages/render': RenderMessageResponse,
  'GET /messages/matches_narrow': MatchesNarrowResponse,
  'GET /messages/{message_id}': GetMessageResponse,
  'DELETE /messages/{message_id}': DeleteMessageResponse,
  'PATCH /messages/{message_id}': EditMessageResponse,
  'GET /messages/{message_id}/history': GetMessageHistoryResponse,
  'POST /messages/{message_id}/report': ReportMessageResponse,
  'POST /messages/{message_id}/reactions': AddReactionResponse,
  'POST /submessage': AddSubmessageResponse,
  'DELETE /messages/{message_id}/reactions': RemoveReactionResponse,
  'POST /mark_all_as_read': MarkAllAsReadResponse,
  'POST /mark_stream_as_read': MarkStreamAsReadResponse,
  'POST /mark_topic_as_read': MarkTopicAsReadResponse,
  'GET /messages/{message_id}/read_receipts': GetReadReceiptsResponse,
  'GET /users/me/{stream_id}/topics': GetStreamTopicsResponse,
  'POST /user_topics': UpdateUserTopicResponse,
  'PATCH /users/me/subscriptions/muted_topics': UpdateMutedTopicResponse,
  'POST /streams/{stream_id}/delete_topic': DeleteTopicResponse,
  'GET /scheduled_messages': GetScheduledMessagesResponse,
  'POST /scheduled_messages': CreateScheduledMessageResponse,
  'PATCH /scheduled_messages/{scheduled_message_id}': UpdateScheduledMessageResponse,
  'DELETE /scheduled_messages/{scheduled_message_id}': DeleteScheduledMessageResponse,
  'GET /reminders': GetRemindersResponse,
  'POST /reminders': CreateMessageReminderResponse,
  'DELETE /reminders/{reminder_id}': DeleteReminderResponse,
  'GET /drafts': GetDraftsResponse,
  'POST /drafts': CreateDraftsResponse,
  'PATCH /drafts/{draft_id}': EditDraftResponse,
  'DELETE /drafts/{draft_id}': DeleteDraftResponse,
  'GET /saved_snippets': GetSavedSnippetsResponse,
  'POST /saved_snippets': CreateSavedSnippetResponse,
  'PATCH /saved_snippets/{saved_snippet_id}': UpdateSavedSnippetResponse,
  'DELETE /saved_snippets/{saved_snippet_id}': DeleteSavedSnippetResponse,
  'POST /typing': SetTypingResponse,
  'POST /messages/{message_id}/typing': SetTypingResponse,
} satisfies Record<string, TSchema>;
