import type { EncodedJson, Handler } from '../grpc/server';
import type { Reply, ResponseKey } from './index';
import type { RouteRow } from './routes';

/** `/users/:user_id/status` → `/users/{user_id}/status`, as a type (openApiPath, routes.ts). */
type TemplatePath<P extends string> = P extends `${infer Head}:${infer Name}/${infer Rest}`
  ? `${Head}{${Unstarred<Name>}}/${TemplatePath<Rest>}`
  : P extends `${infer Head}:${infer Name}`
    ? `${Head}{${Unstarred<Name>}}`
    : P;
type Unstarred<N extends string> = N extends `${infer Name}*` ? Name : N;

/** A row's key in the per-route tables (routeKey, routes.ts), as a type: `'GET /users/{user_id}'`. */
type KeyOf<R extends RouteRow> = R extends RouteRow ? `${R['method']} ${TemplatePath<R['path']>}` : never;

/** Every route of the table has a response schema (responses/), or this fails to compile. */
type Unpublished = Exclude<KeyOf<RouteRow>, ResponseKey>;
const everyRouteIsPublished: [Unpublished] extends [never] ? true : Unpublished = true;
void everyRouteIsPublished;

/** The services that answer routes of the table. */
export type RoutedService = RouteRow['service'];

/**
 * Which routes each gateway-facing RPC answers, by service, read from the route table
 * (routes.ts): `RouteRpcs['users']['UpdateSettings']` is `'PATCH /settings' | 'PATCH
 * /settings/display' | 'PATCH /settings/notifications'`. An RPC behind several routes answers
 * each of them.
 */
export type RouteRpcs = {
  [S in RoutedService]: { [R in Extract<RouteRow, { service: S }>['rpc']]: KeyOf<Extract<RouteRow, { service: S; rpc: R }>> };
};

/**
 * A service's handlers of gateway-facing RPCs, each replying with its route's response type.
 * Every service's handler table `satisfies` this (with its internal RPCs beside), so a reply
 * that drifts from the published description fails the build. A handler may answer with the
 * reply already encoded (EncodedJson of the same type).
 */
export type RouteHandlers<S extends RoutedService> = {
  [R in keyof RouteRpcs[S]]: Handler<any, Answer<Reply<RouteRpcs[S][R] & ResponseKey>>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each handler's request type is its own proto message
};

type Answer<T> = T | EncodedJson<T>;
