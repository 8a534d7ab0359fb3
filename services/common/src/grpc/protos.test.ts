import * as grpc from '@grpc/grpc-js';
import { serviceDefinition } from './protos';

describe('the protos', () => {
  it('name no RPC after a method every grpc-js client has (its camelCase alias would replace it)', () => {
    // grpc-js defines each RPC under its name and under its camelCase "originalName"; an RPC
    // called GetChannel replaced Client.getChannel(), which the OpenTelemetry gRPC
    // instrumentation calls on every call: with tracing on, every call recursed until the stack broke.
    const clientMethods = new Set(Object.getOwnPropertyNames(grpc.Client.prototype));
    const clashes = (['users', 'channels', 'messages', 'uploads', 'events'] as const).flatMap((service) =>
      Object.entries(serviceDefinition(service)).flatMap(([name, method]) => [name, method.originalName].filter((n): n is string => !!n && clientMethods.has(n)).map((n) => `${service}.${n}`)),
    );
    expect(clashes).toEqual([]);
    expect(clientMethods.has('getChannel')).toBe(true);
  });
});
