import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createLogger } from '../logger';
import type { BusMessage } from './bus';
import { MemoryBus, MemoryHub } from './memory';
import { currentTraceHeaders, publishTraced } from './trace';

/**
 * One trace across the bus: the traceparent a change was written under is published as a
 * header, inside a `publish` span, and the consumer runs in a `consume` span under it.
 */
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
});
afterAll(() => {
  trace.disable();
  propagation.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

function setup() {
  const bus = new MemoryBus(new MemoryHub(), createLogger('trace-test', 'silent'), { retryDelaysMs: [5] });
  const seen: { msg: BusMessage; traceId?: string }[] = [];
  const received = new Promise<void>((resolve) => {
    void bus.subscribe({
      subject: 'users.changed',
      handler: async (msg) => {
        seen.push({ msg, traceId: trace.getActiveSpan()?.spanContext().traceId });
        resolve();
      },
    });
  });
  return { bus, seen, received };
}

describe('trace context across the bus', () => {
  it("carries the writer's trace to the consumer, through publish and consume spans", async () => {
    const { bus, seen, received } = setup();
    const tracer = trace.getTracer('test');
    let traceparent = '';
    let traceId = '';
    tracer.startActiveSpan('PATCH /settings', (span) => {
      traceparent = currentTraceHeaders().traceparent;
      traceId = span.spanContext().traceId;
      span.end();
    });
    expect(traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    // Later, in the relay, outside any request: the row's traceparent is all there is.
    await publishTraced('users.changed', traceparent, (headers) => bus.publish('users.changed', { n: 1 }, 'id-1', headers));
    await received;
    expect(seen[0].msg.headers?.traceparent).toMatch(new RegExp(`^00-${traceId}-`));
    expect(seen[0].traceId).toBe(traceId);
    const spans = exporter.getFinishedSpans();
    const publish = spans.find((s) => s.name === 'publish users.changed')!;
    const consume = spans.find((s) => s.name === 'consume users.changed')!;
    expect(publish.spanContext().traceId).toBe(traceId);
    expect(consume.spanContext().traceId).toBe(traceId);
    expect(consume.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
  });

  it('publishes and consumes without headers or spans when the change had no trace', async () => {
    const { bus, seen, received } = setup();
    expect(currentTraceHeaders()).toEqual({});
    await publishTraced('users.changed', null, (headers) => bus.publish('users.changed', { n: 2 }, 'id-2', headers));
    await received;
    expect(seen[0].msg.headers).toBeUndefined();
    expect(seen[0].traceId).toBeUndefined();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
