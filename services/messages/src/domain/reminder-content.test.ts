import type { ViewedMessageRow } from '../store/messages';
import { messageLinkSyntax, normalizeNote, reminderContent } from './reminder-content';

const row = (over: Partial<ViewedMessageRow>): ViewedMessageRow => ({
  id: 42,
  realm_id: 1,
  sender_id: 7,
  kind: 'channel',
  channel_id: 3,
  topic: 'test',
  dm_user_ids: null,
  recipient_id: 1,
  content: 'Hello',
  rendered_content: '',
  date_sent: new Date(0),
  client: 'test',
  has_link: false,
  has_image: false,
  has_attachment: false,
  last_edit_time: null,
  last_moved_time: null,
  flags: 0,
  ...over,
});

describe('reminderContent', () => {
  it('names a to-do list instead of quoting it, and links a direct message by its participants', () => {
    expect(reminderContent({ message: row({ kind: 'direct', channel_id: null, dm_user_ids: [12, 7], content: '/todo Chores' }), senderName: 'Ann' })).toBe(
      'You requested a reminder for the following direct message.\n\n@_**Ann|7** [sent](/#narrow/dm/7,12/near/42) a todo list.',
    );
  });

  it('quotes with a fence longer than any in the message, and truncates to fit a message', () => {
    const fenced = reminderContent({ message: row({ content: '```\ncode\n```' }), senderName: 'Ann', channelName: 'Verona' });
    expect(fenced.endsWith('````quote\n```\ncode\n```\n````')).toBe(true);
    const long = reminderContent({ message: row({ content: 'x'.repeat(10000) }), senderName: 'Ann', channelName: 'Verona' });
    expect(long).toHaveLength(10000);
    expect(long.endsWith('x\n[message truncated]\n```')).toBe(true);
  });

  it('falls back to an ordinary link where the names would break #**channel>topic@id**', () => {
    expect(messageLinkSyntax(3, 'a>b', 'topic', 42)).toBe('[#a>b > topic @ 💬](/#narrow/channel/3-a.3Eb/topic/topic/near/42)');
    expect(messageLinkSyntax(3, 'Verona', '{789}', 42)).toBe('#**Verona>{789}@42**');
  });

  it('trims a note and refuses one over 1000 characters', () => {
    expect(normalizeNote('\n\n  Hi \n')).toBe('  Hi');
    expect(() => normalizeNote('n'.repeat(1001))).toThrow('Maximum reminder note length: 1000 characters');
  });
});
