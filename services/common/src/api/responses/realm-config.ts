// The replies of the realm's code playgrounds, the user's navigation views and the Welcome Bot
// test message (Zulip's 200 responses), owned as code as the other response files.
import { Type, type TSchema } from '@sinclair/typebox';
import { IgnoredParametersUnsupported, NavigationView } from './components';

const success = {
  result: Type.Literal('success'),
  msg: Type.String(),
  ignored_parameters_unsupported: Type.Optional(IgnoredParametersUnsupported),
};
const simple = (id: string) => Type.Object(success, { $id: id, additionalProperties: false });

export const AddCodePlaygroundResponse = Type.Object(
  {
    ...success,
    id: Type.Integer({ description: 'The numeric ID assigned to this playground.' }),
  },
  { $id: 'AddCodePlaygroundResponse', additionalProperties: false },
);
export const RemoveCodePlaygroundResponse = simple('RemoveCodePlaygroundResponse');

export const GetNavigationViewsResponse = Type.Object(
  {
    ...success,
    navigation_views: Type.Array(NavigationView, { description: "An array of dictionaries containing the user's navigation views." }),
  },
  { $id: 'GetNavigationViewsResponse', additionalProperties: false },
);
export const AddNavigationViewResponse = simple('AddNavigationViewResponse');
export const EditNavigationViewResponse = simple('EditNavigationViewResponse');
export const RemoveNavigationViewResponse = simple('RemoveNavigationViewResponse');

export const TestWelcomeBotCustomMessageResponse = Type.Object(
  {
    ...success,
    message_id: Type.Integer({ description: 'The message_id of the test welcome bot custom message.' }),
  },
  { $id: 'TestWelcomeBotCustomMessageResponse', additionalProperties: false },
);

export const realmConfigResponses = {
  'POST /realm/playgrounds': AddCodePlaygroundResponse,
  'DELETE /realm/playgrounds/{playground_id}': RemoveCodePlaygroundResponse,
  'GET /navigation_views': GetNavigationViewsResponse,
  'POST /navigation_views': AddNavigationViewResponse,
  'PATCH /navigation_views/{fragment}': EditNavigationViewResponse,
  'DELETE /navigation_views/{fragment}': RemoveNavigationViewResponse,
  'POST /realm/test_welcome_bot_custom_message': TestWelcomeBotCustomMessageResponse,
} satisfies Record<string, TSchema>;
