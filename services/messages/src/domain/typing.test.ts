import type { Peers } from '../peers';
import { checkTyping, MAX_CHANNEL_SIZE_FOR_TYPING } from './typing';

/** A directory of one channel with `subscribers` members, every one receiving typing notifications. */
function directoryWith(subscribers: number): Peers {
  const ids = Array.from({ length: subscribers }, (_, i) => i + 1);
  return {
    caller: { realm_id: 1, user_id: 1, role: 400, is_bot: false, email: 'u1@example.com' },
    channel: async () => ({ stream_id: 7, content: true }),
    realmPolicy: async () => ({ settings: { realm_empty_topic_display_name: 'general chat' } }),
    subscribers: async () => ids,
    typingPreferences: async (users: number[]) =>
      users.map((user_id) => ({
        user_id,
        email: `u${user_id}@example.com`,
        is_active: true,
        receives_typing_notifications: true,
        send_stream_typing_notifications: true,
        send_private_typing_notifications: true,
      })),
  } as unknown as Peers;
}

describe('typing in a channel topic', () => {
  const sent = async (subscribers: number) => {
    const audiences: number[][] = [];
    await checkTyping(directoryWith(subscribers), { type: 'channel', op: 'start', stream_id: 7, topic: 'plans' }, async (users) => {
      audiences.push(users);
    });
    return audiences;
  };

  it(`tells every subscriber of a channel of ${MAX_CHANNEL_SIZE_FOR_TYPING}`, async () => {
    const [audience] = await sent(MAX_CHANNEL_SIZE_FOR_TYPING);
    expect(audience).toHaveLength(MAX_CHANNEL_SIZE_FOR_TYPING);
  });

  it('tells no one in a larger channel, as Zulip (one keystroke is not worth an event per member)', async () => {
    expect(await sent(MAX_CHANNEL_SIZE_FOR_TYPING + 1)).toEqual([[]]);
  });
});
