import type { RouteDoc } from './route-doc';

const settingsAlias = (which: string): RouteDoc => ({
  operationId: `update-settings-${which}`,
  summary: `Update settings (deprecated /settings/${which} alias)`,
  description: `Zulip's former \`PATCH /settings/${which}\`, merged into \`PATCH /settings\` at feature level 80: it takes and does exactly what \`PATCH /settings\` does. Use \`PATCH /settings\`.`,
  tag: 'users', featureLevel: 80, params: {},
});

const undocumented = 'Zulip has this endpoint, but its API reference does not document it; Parley follows Zulip\'s behaviour.';

/** Routes of the route table that Zulip's reference does not document, described by hand. */
export const parleyRouteDocs: Record<string, RouteDoc> = {
  'PATCH /settings/display': settingsAlias('display'),
  'PATCH /settings/notifications': settingsAlias('notifications'),
  'PATCH /realm': {
    operationId: 'update-realm', summary: 'Update realm settings', tag: 'server_and_organizations', featureLevel: 420,
    description: `Changes the organization's settings (administrators; some settings owners only); every change is published as a \`realm\` \`update_dict\` event. ${undocumented}`,
    params: {},
  },
  'PATCH /realm/profile_fields/{field_id}': {
    operationId: 'update-custom-profile-field', summary: 'Update a custom profile field', tag: 'server_and_organizations', featureLevel: 420,
    description: `Changes a custom profile field (administrators). ${undocumented}`, params: {},
  },
  'DELETE /realm/profile_fields/{field_id}': {
    operationId: 'delete-custom-profile-field', summary: 'Delete a custom profile field', tag: 'server_and_organizations', featureLevel: 420,
    description: `Deletes a custom profile field and every user's value of it (administrators). ${undocumented}`, params: {},
  },
  'PATCH /users/me/profile_data': {
    operationId: 'update-profile-data', summary: 'Update own custom profile field values', tag: 'users', featureLevel: 420,
    description: `Sets the caller's values of custom profile fields. ${undocumented}`,
    params: { data: 'A JSON list of `{"id": field_id, "value": value}` objects.' },
  },
  'DELETE /users/me/profile_data': {
    operationId: 'remove-profile-data', summary: 'Remove own custom profile field values', tag: 'users', featureLevel: 420,
    description: `Clears the caller's values of the named custom profile fields. ${undocumented}`,
    params: { data: 'A JSON list of custom profile field IDs.' },
  },
  'POST /submessage': {
    operationId: 'send-submessage', summary: 'Send a submessage', tag: 'messages', featureLevel: 420,
    description: `Adds to a message's widget (a poll's vote or option, a to-do list's task or strike): the first submessage is the message sender's; the widget's type decides which data it takes. ${undocumented}`,
    params: {
      message_id: "The target message's ID.",
      msg_type: 'The type of the submessage: `widget` for widget data.',
      content: 'The submessage, a JSON-encoded object in the widget\'s protocol.',
    },
  },
  'POST /bots': {
    operationId: 'create-bot', summary: 'Create a bot', tag: 'users', featureLevel: 420,
    description: `Creates a bot the caller owns, with the email address \`{short_name}-bot@{realm_bot_domain}\`: a generic bot takes \`can_create_bots_group\`, an incoming webhook bot \`can_create_write_only_bots_group\` (or the former); guests and bots are refused. Parley runs no outgoing webhook or embedded bots, so bot types 3 and 4 are refused with "Invalid bot type"; avatars are Gravatar's (no avatar upload yet). A user owns at most 100 active bots (Parley's bound). Sends \`realm_bot\` \`add\` to the owner and administrators and \`realm_user\` \`add\` to everyone. ${undocumented}`,
    params: {
      full_name: 'The bot\'s name.',
      short_name: 'The start of the bot\'s email address (before `-bot@`).',
      bot_type: '`1` generic (the default), `2` incoming webhook.',
      default_sending_stream: 'The name of a channel the caller may read: the bot\'s default channel to send to.',
      default_events_register_stream: 'The name of a channel the caller may read: the bot\'s default channel for events.',
      default_all_public_streams: 'Whether the bot receives events of every public channel by default.',
    },
  },
  'GET /bots': {
    operationId: 'get-bots', summary: 'Get own bots', tag: 'users', featureLevel: 420,
    description: `The caller's active bots, oldest first, with their API keys (guests and bots are refused). Parley also gives each bot the fields of \`POST /register\`'s \`realm_bots\` (\`user_id\`, \`bot_type\`, \`is_active\`, \`owner_id\`, \`services\`). ${undocumented}`,
    params: {},
  },
  'PATCH /bots/{bot_id}': {
    operationId: 'update-bot', summary: 'Update a bot', tag: 'users', featureLevel: 420,
    description: `Changes a bot; its owner or an administrator may (a bot that may create users takes an owner). Only administrators change its role, and only owners to or from the owner role. Sends \`realm_bot\` \`update\` (or \`delete\`/\`add\` to a former and new owner who are not administrators) and \`realm_user\` \`update\` events as Zulip does. ${undocumented}`,
    params: {
      bot_id: 'The bot\'s user ID.',
      full_name: 'The bot\'s new name.',
      role: 'The bot\'s new role (administrators only).',
      bot_owner_id: 'The new owner: an active person of the organization.',
      default_sending_stream: 'A channel name, or `""` for none.',
      default_events_register_stream: 'A channel name, or `""` for none.',
      default_all_public_streams: 'Whether the bot receives events of every public channel by default.',
    },
  },
  'DELETE /bots/{bot_id}': {
    operationId: 'deactivate-bot', summary: 'Deactivate a bot', tag: 'users', featureLevel: 420,
    description: `Deactivates a bot (its owner or an administrator), as \`DELETE /users/{user_id}\` deactivates a user; a bot already deactivated is no error. ${undocumented}`,
    params: { bot_id: 'The bot\'s user ID.' },
  },
  'POST /bots/{bot_id}/api_key/regenerate': {
    operationId: 'regenerate-bot-api-key', summary: 'Regenerate a bot\'s API key', tag: 'users', featureLevel: 420,
    description: `Gives a bot a new API key (its owner or an administrator); the old one is refused at once. ${undocumented}`,
    params: { bot_id: 'The bot\'s user ID.' },
  },
  'GET /default_streams': {
    operationId: 'get-default-channels', summary: 'Get default channels', tag: 'channels', featureLevel: 420, parleyAddition: true,
    description: 'Parley addition: the organization\'s default channels themselves (Zulip has only `POST` and `DELETE /default_streams`; `POST /register`\'s `realm_default_streams` holds their IDs).',
    params: {},
  },
};
