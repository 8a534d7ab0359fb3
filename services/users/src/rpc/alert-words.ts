import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { UsersDeps } from '../deps';
import { checkAddAlertWords, checkRemoveAlertWords, listAlertWords } from '../domain/alert-words';

/** parley.users.v1.AlertWordsRequest: `alert_words` as a JSON list of strings. */
export interface AlertWordsRequest {
  alert_words: string;
}

/** GET /users/me/alert_words. */
export const getAlertWords =
  (deps: UsersDeps): Handler<object, Reply<'GET /users/me/alert_words'>> =>
  async (_req, ctx) => ({
    alert_words: await listAlertWords(deps.pool, ctx.caller),
  });

/** POST /users/me/alert_words. */
export const addAlertWords =
  (deps: UsersDeps): Handler<AlertWordsRequest, Reply<'POST /users/me/alert_words'>> =>
  async (req, ctx) => ({
    alert_words: await checkAddAlertWords(deps.pool, ctx.caller, req.alert_words),
  });

/** DELETE /users/me/alert_words. */
export const removeAlertWords =
  (deps: UsersDeps): Handler<AlertWordsRequest, Reply<'DELETE /users/me/alert_words'>> =>
  async (req, ctx) => ({
    alert_words: await checkRemoveAlertWords(deps.pool, ctx.caller, req.alert_words),
  });
