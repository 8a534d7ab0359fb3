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
  'GET /default_streams': {
    operationId: 'get-default-channels', summary: 'Get default channels', tag: 'channels', featureLevel: 420, parleyAddition: true,
    description: 'Parley addition: the organization\'s default channels themselves (Zulip has only `POST` and `DELETE /default_streams`; `POST /register`\'s `realm_default_streams` holds their IDs).',
    params: {},
  },
};
