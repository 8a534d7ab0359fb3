// The event queue, as every Zulip client runs it: POST /register, then GET /events long polls
// applying each event to the store. A failed poll retries with back-off (1 s doubling to 30 s,
// with jitter) while the views show "reconnecting"; BAD_EVENT_QUEUE_ID (the queue expired
// while the tab slept) registers again and reloads the state; a 401 ends the session.
import { ApiError, client, ok } from '../api/client';
import { store, type Json } from './store';

const MAX_BACKOFF_MS = 30_000;

/** What the client asks of register (Zulip's web app's capabilities that fit this client). */
const REGISTER = {
  apply_markdown: true,
  client_gravatar: false,
  slim_presence: true,
  include_subscribers: 'partial',
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_avatar_url_field_optional: false,
    stream_typing_notifications: true,
    user_settings_object: true,
    linkifier_url_template: true,
    user_list_incomplete: false,
    include_deactivated_groups: false,
    archived_channels: true,
    empty_topic_name: true,
  },
};

export class EventQueue {
  private stopped = false;
  private abort = new AbortController();
  private queueId = '';
  private lastEventId = -1;
  /** Called after every (re-)register, so views refetch what they show. */
  onRegistered: () => void = () => undefined;
  onSessionEnded: () => void = () => undefined;

  async start(): Promise<void> {
    await this.register();
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    if (this.queueId) void client.DELETE('/events', { params: { query: { queue_id: this.queueId } } }).catch(() => undefined);
  }

  private async register(): Promise<void> {
    // Parley's description types client_capabilities as a JSON object without listing its keys.
    const reg = await ok(client.POST('/register', { body: REGISTER as unknown as { client_capabilities?: Record<string, never> } }));
    const r = reg as unknown as { queue_id: string; last_event_id: number };
    this.queueId = r.queue_id;
    this.lastEventId = r.last_event_id;
    store.load(reg);
    this.onRegistered();
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        const answer = await ok(
          client.GET('/events', {
            params: { query: { queue_id: this.queueId, last_event_id: this.lastEventId } },
            signal: this.abort.signal,
          }),
        );
        failures = 0;
        store.setConnection('connected');
        for (const event of (answer as { events: Json[] }).events) {
          this.lastEventId = Math.max(this.lastEventId, Number(event.id));
          store.apply(event);
        }
      } catch (err) {
        if (this.stopped) return;
        if (err instanceof ApiError && err.status === 401) return this.onSessionEnded();
        if (err instanceof ApiError && err.code === 'BAD_EVENT_QUEUE_ID') {
          try {
            await this.register();
            continue;
          } catch (again) {
            if (again instanceof ApiError && again.status === 401) return this.onSessionEnded();
          }
        }
        failures++;
        store.setConnection('reconnecting');
        const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures - 1, 5)) * (0.75 + Math.random() / 2);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
}
