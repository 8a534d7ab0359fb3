import { htmlDiff, snapshots } from './history';
import type { MessageRow } from '../store/messages';

describe('content_html_diff', () => {
  it('marks inserted and deleted words, keeping the tags', () => {
    expect(htmlDiff('<p>Hello world</p>', '<p>Hello there world</p>')).toBe('<div><p>Hello <span class="highlight_text_inserted">there</span> world</p></div>');
    expect(htmlDiff('<p>Hello!</p>', '<p>Howdy!</p>')).toBe('<div><p><span class="highlight_text_inserted">Howdy!</span><span class="highlight_text_deleted">Hello!</span></p></div>');
  });

  it('gives up on huge texts and shows the new one', () => {
    const big = `<p>${'word '.repeat(1500)}</p>`;
    expect(htmlDiff(big, `${big} more`)).toBe(`<div>${big} more</div>`);
  });
});

describe('history snapshots', () => {
  const message = {
    id: 1,
    realm_id: 1,
    sender_id: 5,
    kind: 'channel',
    channel_id: 9,
    topic: 'new',
    dm_user_ids: null,
    recipient_id: 1,
    content: 'two',
    rendered_content: '<p>two</p>',
    date_sent: new Date(1000_000),
    client: '',
    has_link: false,
    has_image: false,
    has_attachment: false,
    last_edit_time: new Date(3000_000),
    last_moved_time: null,
  } as MessageRow;
  const edit = (at: number, fields: Record<string, unknown>) => ({
    message_id: 1,
    user_id: 7,
    edited_at: new Date(at),
    prev_content: null,
    prev_rendered_content: null,
    prev_topic: null,
    prev_channel_id: null,
    topic: null,
    channel_id: null,
    ...fields,
  });

  it('rebuilds the original and each state after an edit, oldest first', () => {
    const history = snapshots(message, [edit(2000_000, { prev_topic: '', topic: 'new' }), edit(3000_000, { prev_content: 'one', prev_rendered_content: '<p>one</p>' })], 'general chat');
    expect(history).toEqual([
      { topic: 'general chat', content: 'one', rendered_content: '<p>one</p>', timestamp: 1000, user_id: 5 },
      { topic: 'new', content: 'one', rendered_content: '<p>one</p>', timestamp: 2000, user_id: 7, prev_topic: 'general chat' },
      {
        topic: 'new',
        content: 'two',
        rendered_content: '<p>two</p>',
        timestamp: 3000,
        user_id: 7,
        prev_content: 'one',
        prev_rendered_content: '<p>one</p>',
        content_html_diff: '<div><p><span class="highlight_text_inserted">two</span><span class="highlight_text_deleted">one</span></p></div>',
      },
    ]);
  });
});
