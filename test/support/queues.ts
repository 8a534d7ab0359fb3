import type { TestUser } from './fixtures';
import { eventually } from './eventually';

/**
 * A queue's events once there are at least `count` of them (they travel through the outbox,
 * the bus and the events service). With `ops`, only events of those ops count and are
 * returned: events of changes made just before the queue was registered may still arrive in
 * it (delivery is asynchronous; clients apply events idempotently).
 */
export async function eventsOf(user: TestUser, queueId: string, count: number, ops?: string[]): Promise<Record<string, any>[]> {
  let events: Record<string, unknown>[] = [];
  await eventually(async () => {
    const all: Record<string, unknown>[] = (await user.api.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true })).body.events;
    events = ops ? all.filter((e) => ops.includes(e.op as string)) : all;
    expect(events.length).toBeGreaterThanOrEqual(count);
  });
  return events;
}
