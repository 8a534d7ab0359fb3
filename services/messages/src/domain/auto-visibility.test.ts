import type { TopicSettings } from '../peers';
import { forParticipation, forSendMessage, shouldChange } from './auto-visibility';
import { AUTOMATICALLY, VISIBILITY } from './visibility';

const { ON_PARTICIPATION, ON_SEND, ON_INITIATION, NEVER } = AUTOMATICALLY;
const { INHERIT, MUTED, UNMUTED, FOLLOWED } = VISIBILITY;
const settings = (follow: number, unmute: number): TopicSettings => ({ user_id: 1, follow, unmuteInMutedChannels: unmute, followWhereMentioned: true });

/** Zulip's visibility_policy_for_send_message's table (zerver/lib/message.py), case by case. */
describe('forSendMessage', () => {
  it('follows on starting a topic, and only then with ON_INITIATION', () => {
    expect(forSendMessage(settings(ON_INITIATION, NEVER), false, INHERIT, false)).toBe(FOLLOWED);
    expect(forSendMessage(settings(ON_INITIATION, NEVER), false, INHERIT, true)).toBeUndefined();
  });

  it('follows on any send with ON_SEND or ON_PARTICIPATION, even a muted topic', () => {
    for (const follow of [ON_SEND, ON_PARTICIPATION]) {
      expect(forSendMessage(settings(follow, NEVER), false, INHERIT, true)).toBe(FOLLOWED);
      expect(forSendMessage(settings(follow, NEVER), false, MUTED, true)).toBe(FOLLOWED);
    }
  });

  it('never changes a followed topic', () => {
    expect(forSendMessage(settings(ON_SEND, ON_SEND), true, FOLLOWED, false)).toBeUndefined();
  });

  it('unmutes in a muted channel only, by the unmute setting, and prefers following', () => {
    expect(forSendMessage(settings(NEVER, ON_SEND), true, INHERIT, true)).toBe(UNMUTED);
    expect(forSendMessage(settings(NEVER, ON_SEND), false, INHERIT, true)).toBeUndefined();
    expect(forSendMessage(settings(NEVER, ON_INITIATION), true, INHERIT, false)).toBe(UNMUTED);
    expect(forSendMessage(settings(NEVER, ON_INITIATION), true, INHERIT, true)).toBeUndefined();
    expect(forSendMessage(settings(ON_INITIATION, ON_INITIATION), true, INHERIT, false)).toBe(FOLLOWED);
    expect(forSendMessage(settings(ON_INITIATION, ON_SEND), true, INHERIT, false)).toBe(FOLLOWED);
    // Already unmuted: no change.
    expect(forSendMessage(settings(NEVER, ON_SEND), true, UNMUTED, true)).toBeUndefined();
    // A muted topic in a muted channel is unmuted.
    expect(forSendMessage(settings(NEVER, ON_SEND), true, MUTED, true)).toBe(UNMUTED);
  });

  it('changes nothing with NEVER for both', () => {
    expect(forSendMessage(settings(NEVER, NEVER), true, INHERIT, false)).toBeUndefined();
  });
});

describe('forParticipation and shouldChange', () => {
  it('follow or unmute on participation; only upward, never from followed', () => {
    expect(forParticipation(settings(ON_PARTICIPATION, NEVER), false)).toBe(FOLLOWED);
    expect(forParticipation(settings(ON_SEND, ON_PARTICIPATION), true)).toBe(UNMUTED);
    expect(forParticipation(settings(ON_SEND, ON_PARTICIPATION), false)).toBeUndefined();
    expect(shouldChange(FOLLOWED, INHERIT)).toBe(true);
    expect(shouldChange(UNMUTED, MUTED)).toBe(true);
    expect(shouldChange(UNMUTED, UNMUTED)).toBe(false);
    expect(shouldChange(UNMUTED, FOLLOWED)).toBe(false);
  });
});
