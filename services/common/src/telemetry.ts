import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { onShutdown } from './shutdown-hooks';

/**
 * OpenTelemetry for one process: one trace from the HTTP request through gRPC and SQL.
 * Off unless the standard variables ask for it (OTEL_EXPORTER_OTLP_ENDPOINT, or
 * OTEL_TRACES_EXPORTER other than "none"); the exporter is chosen by those variables too.
 * Call it first in main.ts, before the instrumented modules are loaded.
 */
export function startTelemetry(serviceName: string, env: Record<string, string | undefined> = process.env): NodeSDK | undefined {
  const exporter = env.OTEL_TRACES_EXPORTER;
  const enabled = env.OTEL_SDK_DISABLED !== 'true' && (!!env.OTEL_EXPORTER_OTLP_ENDPOINT || (!!exporter && exporter !== 'none'));
  if (!enabled) return undefined;
  // Parley exports traces; metrics and logs stay off unless asked for, so the SDK does not
  // try (and wait at shutdown) to send them to a default collector that is not there.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    instrumentations: [new HttpInstrumentation(), new GrpcInstrumentation(), new PgInstrumentation()],
  });
  sdk.start();
  // Spans are exported in batches: flush the last ones when the process stops.
  onShutdown(() => sdk.shutdown());
  return sdk;
}
