import type { Reply, ResponseKey } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { PushTokenRequest__Output } from '@parley/common/generated/parley/users/v1/PushTokenRequest';
import type { TestPushNotificationRequest__Output } from '@parley/common/generated/parley/users/v1/TestPushNotificationRequest';
import type { UsersDeps } from '../deps';
import { checkAddPushToken, checkRemovePushToken, checkTestPushNotification, refuseE2eePush } from '../domain/push-devices';

type TokenHandler<P extends ResponseKey> = (deps: UsersDeps) => Handler<PushTokenRequest__Output, Reply<P>>;

export const addApnsDeviceToken: TokenHandler<'POST /users/me/apns_device_token'> = (deps) => async (req, ctx) => {
  await checkAddPushToken(deps.pool, ctx.caller, 'apns', req.token, req.appid);
  return {};
};

export const removeApnsDeviceToken: TokenHandler<'DELETE /users/me/apns_device_token'> = (deps) => async (req, ctx) => {
  await checkRemovePushToken(deps.pool, ctx.caller, 'apns', req.token);
  return {};
};

export const addFcmToken: TokenHandler<'POST /users/me/android_gcm_reg_id'> = (deps) => async (req, ctx) => {
  await checkAddPushToken(deps.pool, ctx.caller, 'fcm', req.token);
  return {};
};

export const removeFcmToken: TokenHandler<'DELETE /users/me/android_gcm_reg_id'> = (deps) => async (req, ctx) => {
  await checkRemovePushToken(deps.pool, ctx.caller, 'fcm', req.token);
  return {};
};

export const testPushNotification =
  (deps: UsersDeps): Handler<TestPushNotificationRequest__Output, Reply<'POST /mobile_push/test_notification'>> =>
  async (req, ctx) => {
    await checkTestPushNotification(deps.pool, ctx.caller, req.token);
    return {};
  };

export const registerPushDevice = (): Handler<unknown, Reply<'POST /mobile_push/register'>> => async (_req, ctx) => refuseE2eePush(ctx.caller);

export const e2eeTestPushNotification = (): Handler<unknown, Reply<'POST /mobile_push/e2ee/test_notification'>> => async (_req, ctx) => refuseE2eePush(ctx.caller);
