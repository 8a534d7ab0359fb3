/**
 * Errors that reach clients. Domain code throws these; the rpc wrapper packs them into
 * the gRPC status details and the gateway renders them once, as Zulip's error envelope.
 * Codes are Zulip's (clients branch on them): never reuse one for another meaning.
 */
export type ZulipCode =
  | 'INVITATION_FAILED'
  | 'BAD_REQUEST'
  | 'REQUEST_VARIABLE_MISSING'
  | 'REQUEST_VARIABLE_INVALID'
  | 'UNAUTHORIZED'
  | 'INVALID_API_KEY'
  | 'USER_DEACTIVATED'
  | 'REALM_DEACTIVATED'
  | 'AUTHENTICATION_FAILED'
  | 'CSRF_FAILED'
  | 'RATE_LIMIT_HIT'
  | 'NOT_FOUND'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR'
  | 'STREAM_DOES_NOT_EXIST'
  | 'CHANNEL_ALREADY_EXISTS'
  | 'CANNOT_DEACTIVATE_GROUP_IN_USE'
  | 'CANNOT_DEACTIVATE_LAST_USER'
  | 'BAD_NARROW'
  | 'BAD_EVENT_QUEUE_ID'
  | 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED'
  | 'STREAM_WILDCARD_MENTION_NOT_ALLOWED'
  | 'TOPIC_WILDCARD_MENTION_NOT_ALLOWED'
  | 'UNAUTHORIZED_PRINCIPAL'
  | 'NONEXISTENT_SUBDOMAIN'
  | 'PUSH_SERVICE_NOT_CONFIGURED'
  | 'INVALID_PUSH_DEVICE_TOKEN'
  | 'REACTION_ALREADY_EXISTS'
  | 'REACTION_DOES_NOT_EXIST';

export class ApiError extends Error {
  constructor(
    readonly code: ZulipCode,
    msg: string,
    readonly httpStatus = 400,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
  }

  /** The error envelope's body, without the HTTP status. */
  toBody(): Record<string, unknown> {
    return { result: 'error', msg: this.message, code: this.code, ...this.extra };
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Zulip's generic refusal: invalid parameters, missing permission, nonexistent objects. */
export class BadRequestError extends ApiError {
  constructor(msg: string, extra: Record<string, unknown> = {}) {
    super('BAD_REQUEST', msg, 400, extra);
  }
}

/** Refuses bots where Zulip's view is @human_users_only: personal settings, presence, status, profile data, custom emoji. */
export function refuseBots(caller: { is_bot: boolean }): void {
  if (caller.is_bot) throw new BadRequestError('This endpoint does not accept bot requests.');
}

export class MissingParameterError extends ApiError {
  constructor(varName: string) {
    super('REQUEST_VARIABLE_MISSING', `Missing '${varName}' argument`, 400, { var_name: varName });
  }
}

export class InvalidParameterError extends ApiError {
  constructor(varName: string, reason: string) {
    super('BAD_REQUEST', `Invalid ${varName}: ${reason}`, 400);
  }
}

export class UnauthorizedError extends ApiError {
  constructor(msg = 'API authentication or user session required') {
    super('UNAUTHORIZED', msg, 401);
  }
}

export class InvalidApiKeyError extends ApiError {
  constructor() {
    super('INVALID_API_KEY', 'Invalid API key', 401);
  }
}

export class UserDeactivatedError extends ApiError {
  constructor() {
    super('USER_DEACTIVATED', 'Account is deactivated', 401);
  }
}

export class RealmDeactivatedError extends ApiError {
  constructor() {
    super('REALM_DEACTIVATED', 'This organization has been deactivated', 401);
  }
}

export class AdminRequiredError extends BadRequestError {
  constructor() {
    super('Must be an organization administrator');
  }
}

export class OwnerRequiredError extends BadRequestError {
  constructor() {
    super('Must be an organization owner');
  }
}

export class ServiceUnavailableError extends ApiError {
  constructor(service: string) {
    super('SERVICE_UNAVAILABLE', `Service unavailable: ${service}. Please try again later.`, 503);
  }
}

export class NotFoundError extends ApiError {
  constructor(msg = 'Endpoint not found') {
    super('NOT_FOUND', msg, 404);
  }
}

export class InternalError extends ApiError {
  constructor() {
    super('INTERNAL_SERVER_ERROR', 'Internal server error', 500);
  }
}

/** A channel named by ID that does not exist or that the caller may not see (NonExistingChannelIdError). */
export class ChannelNotFoundError extends ApiError {
  constructor(streamId: number) {
    super('STREAM_DOES_NOT_EXIST', `Channel with ID '${streamId}' does not exist`, 400, { stream_id: streamId });
  }
}

/** A channel named by name that does not exist or that the caller may not see (NonExistingChannelNameError). */
export class ChannelNameNotFoundError extends ApiError {
  constructor(name: string) {
    super('STREAM_DOES_NOT_EXIST', `Channel '${name}' does not exist`, 400, { stream: name });
  }
}

/** POST /channels/create with a name in use (HTTP 409). */
export class ChannelAlreadyExistsError extends ApiError {
  constructor(name: string) {
    super('CHANNEL_ALREADY_EXISTS', `Channel '${name}' already exists`, 409);
  }
}
