import type { Params } from './api';
import type { TestUser } from './fixtures';
import { ok } from './responses';
import { unique } from './route-samples';

/**
 * A new channel made by `by` with these subscribers (public unless `params` say otherwise),
 * announcing nothing (no "subscribed you" notices unless `params` ask): its ID and its name,
 * unique in the run.
 */
export async function createChannel(by: TestUser, subscribers: TestUser[], params: Params = {}): Promise<{ id: number; name: string }> {
  const name = unique('Channel ');
  const id = ok(
    await by.api.post('/channels/create', {
      name,
      subscribers: subscribers.map((u) => u.user_id),
      send_new_subscription_messages: false,
      ...params,
    }),
  ).id as number;
  return { id, name };
}
