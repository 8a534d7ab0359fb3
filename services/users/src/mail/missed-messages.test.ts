import { candidatesOf, wantsMail } from './missed-messages';
import { renderedForMail } from './missed-message-content';

const event = (type: 'stream' | 'private', flags: Record<string, string[]>, followers: number[] = []) => ({
  realm_id: 1,
  audience: [1, 2, 3, 4, 5],
  event: { type: 'message', message: { id: 9, sender_id: 1, type, timestamp: 0 }, flags: [] },
  message: { raw_content: 'x', flags, followers },
});

describe('candidatesOf', () => {
  it('names every unread recipient of a direct message but its sender', () => {
    expect([...candidatesOf(event('private', { 1: ['read'], 3: ['read'] }))!.byUser]).toEqual([
      [2, 'direct_message'],
      [4, 'direct_message'],
      [5, 'direct_message'],
    ]);
  });

  it("names a channel message's mentioned, wildcard-mentioned and following recipients, a personal mention first", () => {
    const found = candidatesOf(event('stream', { 2: ['mentioned', 'stream_wildcard_mentioned'], 3: ['stream_wildcard_mentioned'], 4: ['topic_wildcard_mentioned', 'read'] }, [5, 1]));
    expect([...found!.byUser]).toEqual([
      [2, 'mentioned'],
      [3, 'stream_wildcard_mentioned'],
      [5, 'followed_topic'],
    ]);
  });

  it('ignores other events', () => {
    expect(candidatesOf({ realm_id: 1, audience: [2], event: { type: 'reaction' } })).toBeUndefined();
  });
});

describe('wantsMail', () => {
  const on = { enable_offline_email_notifications: true, enable_followed_topic_email_notifications: true, wildcard_mentions_notify: true, enable_followed_topic_wildcard_mentions_notify: true };
  it('follows the settings of each trigger', () => {
    expect(wantsMail(on, 'direct_message', false)).toBe(true);
    expect(wantsMail({ ...on, enable_offline_email_notifications: false }, 'mentioned', false)).toBe(false);
    expect(wantsMail({ ...on, wildcard_mentions_notify: false }, 'stream_wildcard_mentioned', false)).toBe(false);
    expect(wantsMail({ ...on, wildcard_mentions_notify: false }, 'stream_wildcard_mentioned', true)).toBe(true);
    expect(wantsMail({ ...on, enable_followed_topic_email_notifications: false }, 'followed_topic', true)).toBe(false);
  });
});

describe('renderedForMail', () => {
  it("makes links and images absolute under the realm's URL and Unicode emoji characters", () => {
    const html =
      '<p><a href="/user_uploads/1/ab/x.png">x</a> <a href="#narrow/channel/1-a">#a</a> <img src="/user_avatars/1/emoji/y.png"> <a href="https://e.test/">e</a> <span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span></p>';
    expect(renderedForMail(html, 'https://acme.example').value).toBe(
      '<p><a href="https://acme.example/user_uploads/1/ab/x.png">x</a> <a href="https://acme.example/#narrow/channel/1-a">#a</a> <img src="https://acme.example/user_avatars/1/emoji/y.png"> <a href="https://e.test/">e</a> <span title="smile">\u{1f642}</span></p>',
    );
  });
});
