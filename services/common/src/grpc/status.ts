import * as grpc from '@grpc/grpc-js';
import * as protobuf from 'protobufjs';
import { join } from 'node:path';
import { ApiError, InternalError, ServiceUnavailableError, ZulipCode } from '../errors';
import { PROTO_ROOT } from './protos';

/**
 * ApiError <-> gRPC status. The HTTP status a service chose travels with the error
 * (google.rpc.Status whose details hold a parley.common.v1.ApiError), so the gateway can
 * render it exactly; the gRPC code is the closest match, for other gRPC clients.
 */
const GRPC_CODE_BY_HTTP: Record<number, grpc.status> = {
  400: grpc.status.INVALID_ARGUMENT,
  401: grpc.status.UNAUTHENTICATED,
  403: grpc.status.PERMISSION_DENIED,
  404: grpc.status.NOT_FOUND,
  409: grpc.status.ALREADY_EXISTS,
  413: grpc.status.FAILED_PRECONDITION,
  429: grpc.status.RESOURCE_EXHAUSTED,
  503: grpc.status.UNAVAILABLE,
};

export const DETAILS_KEY = 'grpc-status-details-bin';
const API_ERROR_URL = 'type.googleapis.com/parley.common.v1.ApiError';

let types: { status: protobuf.Type; apiError: protobuf.Type } | undefined;
function protoTypes() {
  if (!types) {
    const root = new protobuf.Root();
    root.resolvePath = (_origin, target) => (target.startsWith('google/protobuf/') ? target : join(PROTO_ROOT, target));
    root.loadSync(['google/rpc/status.proto', 'parley/common/v1/common.proto'], { keepCase: true });
    types = { status: root.lookupType('google.rpc.Status'), apiError: root.lookupType('parley.common.v1.ApiError') };
  }
  return types;
}

/**
 * Longest error message carried: errors travel in HTTP/2 trailers, which have a size limit,
 * and some messages echo the client's input ("Invalid status: <what was sent>").
 */
export const MAX_ERROR_MESSAGE_LENGTH = 1000;

function boundedMessage(msg: string): string {
  return msg.length > MAX_ERROR_MESSAGE_LENGTH ? `${msg.slice(0, MAX_ERROR_MESSAGE_LENGTH)}…` : msg;
}

/** Largest extra-fields JSON carried: past HTTP/2's header-list limit the connection fails. */
const MAX_EXTRA_JSON_LENGTH = 16 * 1024;

/** The extra fields as JSON, long strings cut as messages are, and dropped if still too large. */
function boundedExtra(extra: Record<string, unknown>): string {
  const json = JSON.stringify(extra, (_key, value: unknown) => (typeof value === 'string' ? boundedMessage(value) : value));
  return json.length > MAX_EXTRA_JSON_LENGTH ? '{}' : json;
}

export function toServiceError(err: ApiError): Partial<grpc.ServiceError> & { code: grpc.status } {
  const code = GRPC_CODE_BY_HTTP[err.httpStatus] ?? (err.httpStatus >= 500 ? grpc.status.INTERNAL : grpc.status.INVALID_ARGUMENT);
  const { status, apiError } = protoTypes();
  const msg = boundedMessage(err.message);
  const value = apiError
    .encode({
      code: err.code,
      msg,
      http_status: err.httpStatus,
      extra_json: boundedExtra(err.extra),
    })
    .finish();
  // The full error is in the details; grpc-message (a header of its own) gets a short form.
  const details = status.encode({ code, message: msg.slice(0, 200), details: [{ type_url: API_ERROR_URL, value }] }).finish();
  const metadata = new grpc.Metadata();
  metadata.set(DETAILS_KEY, Buffer.from(details));
  return { code, details: msg.slice(0, 200), metadata };
}

/** Turns any error from a gRPC call into the ApiError the client should see. */
export function fromServiceError(err: grpc.ServiceError, service: string): ApiError {
  const raw = err.metadata?.get(DETAILS_KEY)[0];
  if (Buffer.isBuffer(raw)) {
    const { status, apiError } = protoTypes();
    const decoded = status.decode(raw) as unknown as { details: { type_url: string; value: Uint8Array }[] };
    const detail = decoded.details.find((d) => d.type_url === API_ERROR_URL);
    if (detail) {
      const e = apiError.decode(detail.value) as unknown as { code: string; msg: string; http_status: number; extra_json: string };
      return new ApiError(e.code as ZulipCode, e.msg, e.http_status, e.extra_json ? (JSON.parse(e.extra_json) as Record<string, unknown>) : {});
    }
  }
  if (err.code === grpc.status.UNAVAILABLE || err.code === grpc.status.DEADLINE_EXCEEDED) {
    return new ServiceUnavailableError(service);
  }
  return new InternalError();
}
