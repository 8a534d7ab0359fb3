import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { BusHandler, BusMessage } from './bus';

/**
 * One trace across the bus: a change's outbox row keeps the W3C `traceparent` of the request
 * that wrote it, the relay publishes it as a message header (in a `publish <subject>` span),
 * and a consumer handles the message in a `consume <subject>` span under it. With tracing
 * off (no SDK started) the API is a no-op and nothing is recorded or sent.
 */
const tracer = () => trace.getTracer('parley-bus');

/** The active trace context as headers (`traceparent`, `tracestate`), or none when there is no trace. */
export function currentTraceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** Runs `fn` in a span of this kind under the trace `headers` carry; errors mark the span. */
function inSpan(name: string, kind: SpanKind, headers: Record<string, string>, fn: () => Promise<void>): Promise<void> {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  return context.with(parent, () =>
    tracer().startActiveSpan(name, { kind }, async (span) => {
      try {
        await fn();
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: String(err) });
        throw err;
      } finally {
        span.end();
      }
    }),
  );
}

/** Publishes within a `publish <subject>` span under the row's trace; `send` gets the headers to carry. */
export async function publishTraced(subject: string, traceparent: string | null | undefined, send: (headers: Record<string, string>) => Promise<void>): Promise<void> {
  if (!traceparent) return send({});
  return inSpan(`publish ${subject}`, SpanKind.PRODUCER, { traceparent }, () => send(currentTraceHeaders()));
}

/** A handler that runs each message in a `consume <subject>` span under the trace its headers carry. */
export function tracedHandler(handler: BusHandler): BusHandler {
  return (msg: BusMessage) => {
    if (!msg.headers?.traceparent) return handler(msg);
    return inSpan(`consume ${msg.subject}`, SpanKind.CONSUMER, msg.headers, () => handler(msg));
  };
}
