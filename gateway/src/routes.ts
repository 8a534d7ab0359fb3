import type { ServiceName } from '@parley/common';
import type { ParamDecl } from './params';

/**
 * The route table: one row per endpoint under /api/v1. A new endpoint is a row here plus its
 * RPC. `auth: 'public'` routes need no credentials; every other route authenticates the
 * caller, and role and permission checks happen in the service (the gateway holds no rules).
 * Parameter names are the RPC request message's field names (Zulip's wire names).
 */
export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: string;
  service: ServiceName;
  rpc: string;
  auth: 'public' | 'user';
  params: Record<string, ParamDecl>;
  /** The gRPC deadline, when the default (GRPC_DEADLINE_MS) is too short: long polls. */
  deadlineMs?: number;
}

export const routes: Route[] = [
  { method: 'GET', path: '/server_settings', service: 'users', rpc: 'GetServerSettings', auth: 'public', params: {} },
  { method: 'POST', path: '/fetch_api_key', service: 'users', rpc: 'FetchApiKey', auth: 'public',
    params: { username: 'string', password: 'string' } },
  { method: 'GET', path: '/users/me', service: 'users', rpc: 'GetOwnUser', auth: 'user', params: {} },
  { method: 'GET', path: '/users', service: 'users', rpc: 'GetUsers', auth: 'user',
    params: { client_gravatar: 'bool?', include_custom_profile_fields: 'bool?', user_ids: 'int[]?' } },
  { method: 'POST', path: '/users', service: 'users', rpc: 'CreateUser', auth: 'user',
    params: { email: 'string', password: 'string', full_name: 'string' } },
  { method: 'GET', path: '/users/:user_id', service: 'users', rpc: 'GetUser', auth: 'user',
    params: { user_id: 'int', client_gravatar: 'bool?', include_custom_profile_fields: 'bool?' } },
  { method: 'PATCH', path: '/users/:user_id', service: 'users', rpc: 'UpdateUser', auth: 'user',
    params: { user_id: 'int', full_name: 'string?', role: 'int?' } },
  { method: 'DELETE', path: '/users/:user_id', service: 'users', rpc: 'DeactivateUser', auth: 'user',
    params: { user_id: 'int', deactivation_notification_comment: 'string?' } },
  { method: 'POST', path: '/users/:user_id/reactivate', service: 'users', rpc: 'ReactivateUser', auth: 'user',
    params: { user_id: 'int' } },

  { method: 'POST', path: '/register', service: 'events', rpc: 'Register', auth: 'user',
    params: {
      apply_markdown: 'bool?', client_gravatar: 'bool?', include_subscribers: 'string?', slim_presence: 'bool?',
      presence_history_limit_days: 'int?', event_types: 'string[]?', all_public_streams: 'bool?',
      client_capabilities: 'object?', fetch_event_types: 'string[]?', narrow: 'json?',
    } },
  // A long poll: answered within the heartbeat interval (at most 55 s), so well inside this.
  { method: 'GET', path: '/events', service: 'events', rpc: 'GetEvents', auth: 'user', deadlineMs: 120_000,
    params: { queue_id: 'string', last_event_id: 'int?', dont_block: 'bool?' } },
  { method: 'DELETE', path: '/events', service: 'events', rpc: 'DeleteQueue', auth: 'user',
    params: { queue_id: 'string' } },
];
