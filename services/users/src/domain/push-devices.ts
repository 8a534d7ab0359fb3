import { ApiError, BadRequestError, Caller, Queryable, refuseBots } from '@parley/common';
import * as store from '../store/push-devices';
import type { PushTokenKind } from '../store/push-devices';

/**
 * Mobile push devices, as a Zulip server without a push notification service answers: the
 * apps register their APNs or FCM tokens at start-up (kept per user, so they can be removed
 * and tested), the end-to-end encrypted registration of feature level 406 is refused with
 * PUSH_SERVICE_NOT_CONFIGURED, and a test notification succeeds with nothing sent. Human
 * users only, as in Zulip.
 */

/** The most tokens a user keeps; registering one more drops the least recently registered. */
export const MAX_PUSH_TOKENS_PER_USER = 100;
const MAX_TOKEN_LENGTH = 4096;
const APP_ID = /^[.a-zA-Z0-9-]{1,255}$/;

export class PushServiceNotConfiguredError extends ApiError {
  constructor() {
    super('PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.', 400);
  }
}

export class InvalidPushDeviceTokenError extends ApiError {
  constructor() {
    super('INVALID_PUSH_DEVICE_TOKEN', 'Device not recognized', 400);
  }
}

/** Zulip's validate_token: 1 to 4,096 characters; an APNs token must be hexadecimal bytes. */
function checkToken(token: string, kind: PushTokenKind): void {
  if (token === '' || token.length > MAX_TOKEN_LENGTH) throw new BadRequestError('Empty or invalid length token');
  if (kind === 'apns' && !/^(?:[0-9a-fA-F]{2})+$/.test(token)) throw new BadRequestError('Invalid APNS token');
}

export async function checkAddPushToken(db: Queryable, caller: Caller, kind: PushTokenKind, token: string, appId?: string): Promise<void> {
  refuseBots(caller);
  checkToken(token, kind);
  if (kind === 'apns' && !APP_ID.test(appId ?? '')) throw new BadRequestError('Invalid app ID');
  await store.upsertToken(db, caller.user_id, kind, token, kind === 'apns' ? appId! : null, MAX_PUSH_TOKENS_PER_USER);
}

export async function checkRemovePushToken(db: Queryable, caller: Caller, kind: PushTokenKind, token: string): Promise<void> {
  refuseBots(caller);
  checkToken(token, kind);
  if (!(await store.deleteToken(db, caller.user_id, kind, token))) throw new BadRequestError('Token does not exist');
}

/** POST /mobile_push/test_notification: no push service, so nothing is sent; a token must be the user's. */
export async function checkTestPushNotification(db: Queryable, caller: Caller, token?: string): Promise<void> {
  refuseBots(caller);
  if (token !== undefined && !(await store.hasToken(db, caller.user_id, token))) throw new InvalidPushDeviceTokenError();
}

/** POST /mobile_push/register and /mobile_push/e2ee/test_notification: no push service here. */
export function refuseE2eePush(caller: Caller): never {
  refuseBots(caller);
  throw new PushServiceNotConfiguredError();
}
