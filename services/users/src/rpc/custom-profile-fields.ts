import type { Reply } from '@parley/common/api';
import type { Handler } from '@parley/common';
import type { CreateCustomProfileFieldRequest__Output as CreateCustomProfileFieldRequest } from '@parley/common/generated/parley/users/v1/CreateCustomProfileFieldRequest';
import type { ReorderCustomProfileFieldsRequest__Output as ReorderCustomProfileFieldsRequest } from '@parley/common/generated/parley/users/v1/ReorderCustomProfileFieldsRequest';
import type { UpdateCustomProfileFieldRequest__Output as UpdateCustomProfileFieldRequest } from '@parley/common/generated/parley/users/v1/UpdateCustomProfileFieldRequest';
import type { DeleteCustomProfileFieldRequest__Output as DeleteCustomProfileFieldRequest } from '@parley/common/generated/parley/users/v1/DeleteCustomProfileFieldRequest';
import type { UpdateProfileDataRequest__Output as UpdateProfileDataRequest } from '@parley/common/generated/parley/users/v1/UpdateProfileDataRequest';
import type { RemoveProfileDataRequest__Output as RemoveProfileDataRequest } from '@parley/common/generated/parley/users/v1/RemoveProfileDataRequest';
import type { UsersDeps } from '../deps';
import { listProfileFields, checkCreateProfileField, checkReorderProfileFields, parseOrder, checkUpdateProfileField, checkDeleteProfileField } from '../domain/profile-fields';
import { checkUpdateOwnProfileData, checkRemoveOwnProfileData, parseFieldIds } from '../domain/profile-values';
import { markdownThrough } from '../domain/markdown';

/** GET /realm/profile_fields: any user of the realm. */
export const getCustomProfileFields =
  (deps: UsersDeps): Handler<unknown, Reply<'GET /realm/profile_fields'>> =>
  async (_req, ctx) => ({
    custom_fields: await listProfileFields(deps.pool, ctx.caller.realm_id),
  });

/** POST /realm/profile_fields (administrators). */
export const createCustomProfileField =
  (deps: UsersDeps): Handler<CreateCustomProfileFieldRequest, Reply<'POST /realm/profile_fields'>> =>
  async (req, ctx) => ({
    id: await checkCreateProfileField(deps.pool, ctx.caller, req, deps.config.maxCustomProfileFieldsPerRealm),
  });

/** PATCH /realm/profile_fields (administrators). */
export const reorderCustomProfileFields =
  (deps: UsersDeps): Handler<ReorderCustomProfileFieldsRequest, Reply<'PATCH /realm/profile_fields'>> =>
  async (req, ctx) => {
    await checkReorderProfileFields(deps.pool, ctx.caller, parseOrder(req.order));
    return {};
  };

/** PATCH /realm/profile_fields/{field_id} (administrators). */
export const updateCustomProfileField =
  (deps: UsersDeps): Handler<UpdateCustomProfileFieldRequest, Reply<'PATCH /realm/profile_fields/{field_id}'>> =>
  async (req, ctx) => {
    await checkUpdateProfileField(deps.pool, ctx.caller, req);
    return {};
  };

/** DELETE /realm/profile_fields/{field_id} (administrators). */
export const deleteCustomProfileField =
  (deps: UsersDeps): Handler<DeleteCustomProfileFieldRequest, Reply<'DELETE /realm/profile_fields/{field_id}'>> =>
  async (req, ctx) => {
    await checkDeleteProfileField(deps.pool, ctx.caller, req.field_id);
    return {};
  };

/** PATCH /users/me/profile_data. */
export const updateProfileData =
  (deps: UsersDeps): Handler<UpdateProfileDataRequest, Reply<'PATCH /users/me/profile_data'>> =>
  async (req, ctx) => {
    await checkUpdateOwnProfileData(deps.pool, ctx.caller, req.data, markdownThrough(deps.clients.messages, ctx));
    return {};
  };

/** DELETE /users/me/profile_data. */
export const removeProfileData =
  (deps: UsersDeps): Handler<RemoveProfileDataRequest, Reply<'DELETE /users/me/profile_data'>> =>
  async (req, ctx) => {
    await checkRemoveOwnProfileData(deps.pool, ctx.caller, parseFieldIds(req.data));
    return {};
  };
