import type { Static, TSchema } from '@sinclair/typebox';
import { channelsResponses } from './channels';
import { eventsResponses } from './events';
import { messagesResponses } from './messages';
import { parleyResponses } from './parley';
import { realmConfigResponses } from './realm-config';
import { uploadsResponses } from './uploads';
import { usersResponses } from './users';

export * from './channels';
export * from './events';
export * from './messages';
export * from './parley';
export * from './realm-config';
export * from './uploads';
export * from './users';

/**
 * The 200 response of every route (the route table's and the streamed uploads), by
 * `METHOD /path` with `{param}` path templates. generate.test.ts fails when a route has none.
 */
export const responseSchemas = {
  ...usersResponses,
  ...channelsResponses,
  ...messagesResponses,
  ...uploadsResponses,
  ...eventsResponses,
  ...parleyResponses,
  ...realmConfigResponses,
} as const satisfies Record<string, TSchema>;

/** A route, as the tables name it: `GET /users/{user_id}`. */
export type ResponseKey = keyof typeof responseSchemas;
/** The body of a route's 200 response, typed by its schema: `ResponseOf<'GET /users/me'>`. */
export type ResponseOf<K extends ResponseKey> = Static<(typeof responseSchemas)[K]>;
