import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { join } from 'node:path';
import type { ServiceName } from '../config';

/** protos/ at the repository root; the same depth from src/grpc and dist/grpc. */
export const PROTO_ROOT = join(__dirname, '../../../../protos');

/** Must match the flags of scripts/gen-proto-types.mjs, so the generated types are true. */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
  arrays: true,
  includeDirs: [PROTO_ROOT],
};

let cached: grpc.GrpcObject | undefined;

/** Every Parley proto, loaded once per process. */
export function protoPackage(): grpc.GrpcObject {
  if (!cached) {
    const files = ['users', 'channels', 'messages', 'uploads', 'events'].map((s) => `parley/${s}/v1/${s}.proto`);
    cached = grpc.loadPackageDefinition(protoLoader.loadSync(files, LOADER_OPTIONS));
  }
  return cached;
}

const serviceNames: Record<ServiceName, string> = {
  users: 'Users',
  channels: 'Channels',
  messages: 'Messages',
  uploads: 'Uploads',
  events: 'Events',
};

export function serviceConstructor(service: ServiceName): grpc.ServiceClientConstructor {
  const pkg = protoPackage().parley as grpc.GrpcObject;
  const v1 = (pkg[service] as grpc.GrpcObject).v1 as grpc.GrpcObject;
  return v1[serviceNames[service]] as grpc.ServiceClientConstructor;
}

export function serviceDefinition(service: ServiceName): grpc.ServiceDefinition {
  return serviceConstructor(service).service;
}

const JSON_REPLY = 'JsonReply';

/** RPCs whose reply is a JsonReply: their handlers return a plain object the wrapper encodes. */
export function isJsonReply(method: grpc.MethodDefinition<unknown, unknown>): boolean {
  const type = (method as unknown as { responseType?: { type?: { name?: string } } }).responseType?.type;
  return type?.name === JSON_REPLY;
}
