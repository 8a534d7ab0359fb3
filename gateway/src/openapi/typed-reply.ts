import type { ResponseKey, ResponseOf } from '@parley/common/api';

/** A success body without the envelope's own fields (sendSuccess adds them). */
export type ReplyData<K extends ResponseKey> = Omit<ResponseOf<K>, 'result' | 'msg' | 'ignored_parameters_unsupported'>;

/**
 * The JSON of a reply the gateway builds itself, type-checked against the route's response
 * schema (the one the description publishes): `replyJson('POST /accounts/login', { user_id })`.
 */
export function replyJson<K extends ResponseKey>(_route: K, data: ReplyData<K>): string {
  return JSON.stringify(data);
}
