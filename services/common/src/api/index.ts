/**
 * The replies of Parley's API, one TypeBox schema per route (responses/): they emit the JSON
 * Schema that Parley's OpenAPI description publishes (gateway/src/openapi/) and give the
 * TypeScript types the services' handlers reply with, so a handler cannot drift from the
 * description without failing the build.
 */
import type { ResponseKey, ResponseOf } from './responses';

export * from './responses';
export * from './route-rpcs';
export * from './routes';

/**
 * What a route's handler replies: the success body without the envelope's own fields (the
 * gateway adds `result` and `msg`; `ignored_parameters_unsupported` is merged with the
 * gateway's own list).
 */
export type Reply<K extends ResponseKey> = Omit<ResponseOf<K>, 'result' | 'msg' | 'ignored_parameters_unsupported'> & {
  ignored_parameters_unsupported?: string[];
};
