// The web client's logic that needs no browser: Zulip's narrow hashes and search operators,
// and the store applying register answers and events (lib/narrow.ts, store/store.ts).
import { apiNarrow, channelSlug, conversationOf, decodeHashComponent, encodeHashComponent, messageMatches, narrowHash, parseHash, parseSearch, senderNarrow } from './lib/narrow';
import { FIELD_TYPES, newFieldData, personIds, selectFieldData, selectOptions } from './lib/profile-fields';
import { Store } from './store/store';
import type { Message } from './store/types';

describe('narrow hashes', () => {
  it("encode as Zulip's web app does, and decode back", () => {
    expect(encodeHashComponent('lunch (today) 1.5%')).toBe('lunch.20.28today.29.201.2E5.25');
    for (const text of ['lunch', 'a/b c', 'ünïcode ✔ done', '100% (sure).', '']) expect(decodeHashComponent(encodeHashComponent(text))).toBe(text);
    expect(channelSlug(12, 'general chat')).toBe('12-general-chat');
  });

  it('parse the views and narrows Parley renders links to', () => {
    expect(parseHash('#narrow/channel/12-general/topic/lunch.20plans')).toEqual({
      view: 'feed',
      narrow: [
        { operator: 'channel', operand: '12-general' },
        { operator: 'topic', operand: 'lunch plans' },
      ],
      near: undefined,
    });
    // Older aliases (stream, subject, pm-with) and near/with anchors.
    expect(parseHash('#narrow/stream/3-x/subject/y/near/99')).toEqual({
      view: 'feed',
      narrow: [
        { operator: 'channel', operand: '3-x' },
        { operator: 'topic', operand: 'y' },
      ],
      near: 99,
    });
    expect(parseHash('#narrow/pm-with/5,7-group')).toMatchObject({ narrow: [{ operator: 'dm', operand: '5,7-group' }] });
    expect(parseHash('#narrow/-is/starred')).toMatchObject({ narrow: [{ operator: 'is', operand: 'starred', negated: true }] });
    expect([parseHash(''), parseHash('#inbox'), parseHash('#recent'), parseHash('#feed'), parseHash('#settings/notifications')]).toEqual([
      { view: 'inbox' },
      { view: 'inbox' },
      { view: 'recent' },
      { view: 'feed', narrow: [] },
      { view: 'settings', section: 'notifications' },
    ]);
    const narrow = [
      { operator: 'channel', operand: '12-general' },
      { operator: 'topic', operand: 'a.b (c)' },
    ];
    expect(parseHash(narrowHash(narrow, 5))).toEqual({ view: 'feed', narrow, near: 5 });
  });

  it('name the conversation of their channel, topic and dm terms', () => {
    expect(
      conversationOf([
        { operator: 'channel', operand: '12-general' },
        { operator: 'topic', operand: 'lunch' },
      ]),
    ).toEqual({ channel: '12-general', streamId: 12, topic: 'lunch', dmIds: undefined });
    expect(conversationOf([{ operator: 'dm', operand: '5,7-group' }])).toEqual({ channel: undefined, streamId: undefined, topic: undefined, dmIds: [5, 7] });
    expect(
      conversationOf([
        { operator: 'channel', operand: 'General' },
        { operator: 'search', operand: 'x' },
      ]),
    ).toEqual({ channel: 'General', streamId: undefined, topic: undefined, dmIds: undefined });
    expect(conversationOf([])).toEqual({ channel: undefined, streamId: undefined, topic: undefined, dmIds: undefined });
  });

  it('give the API ids for channel and dm operands', () => {
    expect(
      apiNarrow([
        { operator: 'channel', operand: '12-general' },
        { operator: 'dm', operand: '5,7-group' },
        { operator: 'sender', operand: '9' },
        { operator: 'search', operand: 'cheese', negated: true },
      ]),
    ).toEqual([
      { operator: 'channel', operand: 12 },
      { operator: 'dm', operand: [5, 7] },
      { operator: 'sender', operand: 9 },
      { operator: 'search', operand: 'cheese', negated: true },
    ]);
    expect(apiNarrow([{ operator: 'channel', operand: 'General' }], (name) => (name === 'General' ? 4 : undefined))).toEqual([{ operator: 'channel', operand: 4 }]);
    // Zulip's sender links carry the name after the id; an email stays an email.
    expect(apiNarrow(senderNarrow(12, 'Alice "A" Archer'))).toEqual([{ operator: 'sender', operand: 12 }]);
    expect(narrowHash(senderNarrow(12, 'Alice Archer'))).toBe('#narrow/sender/12-Alice-Archer');
    expect(apiNarrow([{ operator: 'sender', operand: '12-x@y.test' }])).toEqual([{ operator: 'sender', operand: '12-x@y.test' }]);
  });

  it("read search-box text as Zulip's operators, quoted operands and free words", () => {
    const channels: Record<string, number> = { general: 1, 'big room': 2 };
    const users: Record<string, number> = { 'alice@x.test': 10, 'bob@x.test': 11 };
    expect(
      parseSearch(
        'channel:"big room" topic:"lunch plans" -is:starred sender:alice@x.test pizza party',
        (n) => channels[n],
        (e) => users[e],
      ),
    ).toEqual([
      { operator: 'channel', operand: '2' },
      { operator: 'topic', operand: 'lunch plans' },
      { operator: 'is', operand: 'starred', negated: true },
      { operator: 'sender', operand: '10' },
      { operator: 'search', operand: 'pizza party' },
    ]);
    expect(
      parseSearch(
        'dm:alice@x.test,bob@x.test',
        () => undefined,
        (e) => users[e],
      ),
    ).toEqual([{ operator: 'dm', operand: '10,11-dm' }]);
    // Linear on hostile input: a long run of quotes and colons parses at once.
    expect(
      parseSearch(
        `${'a:"'.repeat(20_000)}x`,
        () => undefined,
        () => undefined,
      ).length,
    ).toBeGreaterThan(0);
  });
});

const message = (over: Partial<Message>): Message => ({
  id: 1,
  type: 'stream',
  sender_id: 10,
  sender_full_name: 'Alice',
  sender_email: 'alice@x.test',
  content: '<p>hi</p>',
  subject: 'Lunch',
  stream_id: 1,
  display_recipient: 'general',
  timestamp: 1_700_000_000,
  flags: [],
  reactions: [],
  submessages: [],
  ...over,
});

describe('messageMatches', () => {
  const me = 10;
  it('places a new message in the feeds it belongs to', () => {
    const m = message({});
    expect(messageMatches([{ operator: 'channel', operand: '1-general' }], m, me)).toBe(true);
    expect(
      messageMatches(
        [
          { operator: 'channel', operand: '1-general' },
          { operator: 'topic', operand: 'lunch' },
        ],
        m,
        me,
      ),
    ).toBe(true);
    expect(messageMatches([{ operator: 'channel', operand: '2-other' }], m, me)).toBe(false);
    expect(messageMatches([{ operator: 'is', operand: 'starred' }], m, me)).toBe(false);
    expect(messageMatches([], m, me)).toBe(true);
    const dm = message({
      type: 'private',
      stream_id: undefined,
      subject: '',
      display_recipient: [
        { id: 10, email: 'a', full_name: 'A' },
        { id: 11, email: 'b', full_name: 'B' },
      ],
    });
    expect(messageMatches([{ operator: 'dm', operand: '11-bob' }], dm, me)).toBe(true);
    expect(messageMatches([{ operator: 'dm', operand: '12-carol' }], dm, me)).toBe(false);
    expect(messageMatches([{ operator: 'is', operand: 'dm' }], dm, me)).toBe(true);
  });

  it('leaves searches to the server (undefined)', () => {
    expect(messageMatches([{ operator: 'search', operand: 'hi' }], message({}), me)).toBeUndefined();
  });
});

describe('the store', () => {
  const register = {
    user_id: 10,
    email: 'alice@x.test',
    full_name: 'Alice',
    role: 400,
    realm_name: 'Test',
    realm_users: [
      { user_id: 10, email: 'alice@x.test', full_name: 'Alice', role: 400, is_bot: false, is_active: true },
      { user_id: 11, email: 'bob@x.test', full_name: 'Bob', role: 400, is_bot: false, is_active: true },
    ],
    subscriptions: [{ stream_id: 1, name: 'general', color: '#c2c2c2', is_muted: false, pin_to_top: false, description: '', invite_only: false }],
    unread_msgs: { streams: [{ stream_id: 1, topic: 'Lunch', unread_message_ids: [5, 6] }], pms: [{ other_user_id: 11, unread_message_ids: [7] }], huddles: [], mentions: [6] },
    user_topics: [{ stream_id: 1, topic_name: 'Muted one', visibility_policy: 1 }],
    user_settings: { enter_sends: false },
  };
  const fresh = () => {
    const store = new Store();
    store.load(register);
    return store;
  };

  it('loads the register answer: people, subscriptions, unreads by place, topic policies', () => {
    const s = fresh().state!;
    expect([s.me.user_id, s.users.size, s.subscriptions.get(1)?.name, s.realm.realm_name]).toEqual([10, 2, 'general', 'Test']);
    expect([...s.unread]).toEqual([
      [5, { kind: 'channel', stream_id: 1, topic: 'Lunch' }],
      [6, { kind: 'channel', stream_id: 1, topic: 'Lunch' }],
      [7, { kind: 'dm', key: '10,11' }],
    ]);
    expect([...s.mentions]).toEqual([6]);
    expect(s.userTopics.get('1\0muted one')).toBe(1);
  });

  it('applies message, flag, reaction, edit, move and delete events', () => {
    const store = fresh();
    const seen: number[] = [];
    store.onMessage((m) => seen.push(m.id));
    store.apply({ type: 'message', message: message({ id: 8, sender_id: 11 }), flags: [] });
    expect([store.state!.unread.has(8), store.state!.messages.get(8)?.subject, seen]).toEqual([true, 'Lunch', [8]]);
    store.apply({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [5, 8], all: false });
    expect([store.state!.unread.has(5), store.state!.unread.has(8), store.state!.unread.has(6)]).toEqual([false, false, true]);
    store.apply({ type: 'reaction', op: 'add', message_id: 8, user_id: 10, emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' });
    expect(store.state!.messages.get(8)?.reactions).toHaveLength(1);
    store.apply({ type: 'reaction', op: 'remove', message_id: 8, user_id: 10, emoji_name: 'tada', emoji_code: '1f389', reaction_type: 'unicode_emoji' });
    expect(store.state!.messages.get(8)?.reactions).toHaveLength(0);
    const before = store.state!.messages.get(8);
    store.apply({ type: 'update_message', message_id: 8, message_ids: [8], rendered_content: '<p>edited</p>', edit_timestamp: 1_700_000_100 });
    const after = store.state!.messages.get(8)!;
    // A changed message is a new object, so its memoized row renders again.
    expect([after === before, after.content, after.last_edit_timestamp]).toEqual([false, '<p>edited</p>', 1_700_000_100]);
    store.apply({ type: 'update_message', message_id: 6, message_ids: [6], subject: 'Dinner', stream_id: 1, edit_timestamp: 1 });
    expect(store.state!.unread.get(6)).toEqual({ kind: 'channel', stream_id: 1, topic: 'Dinner' });
    store.apply({ type: 'delete_message', message_ids: [8], message_type: 'stream' });
    expect(store.state!.messages.has(8)).toBe(false);
  });

  it("keeps a person's profile field values as realm_user updates change and clear them", () => {
    const store = fresh();
    store.apply({ type: 'realm_user', op: 'update', person: { user_id: 11, custom_profile_field: { id: 4, value: 'Blue', rendered_value: '<p>Blue</p>' } } });
    store.apply({ type: 'realm_user', op: 'update', person: { user_id: 11, custom_profile_field: { id: 5, value: '[10]' } } });
    expect(store.state!.users.get(11)?.profile_data).toEqual({ 4: { value: 'Blue', rendered_value: '<p>Blue</p>' }, 5: { value: '[10]' } });
    expect(store.state!.users.get(11)).not.toHaveProperty('custom_profile_field');
    store.apply({ type: 'realm_user', op: 'update', person: { user_id: 11, custom_profile_field: { id: 4, value: null } } });
    expect(store.state!.users.get(11)?.profile_data).toEqual({ 5: { value: '[10]' } });
  });

  it('applies subscription, settings, user and typing events, and ignores unknown ones', () => {
    const store = fresh();
    const version = store.state!.version;
    store.apply({ type: 'subscription', op: 'update', stream_id: 1, property: 'is_muted', value: true });
    store.apply({ type: 'user_settings', op: 'update', property: 'color_scheme', value: 3 });
    store.apply({ type: 'realm_user', op: 'update', person: { user_id: 11, full_name: 'Robert' } });
    store.apply({ type: 'typing', op: 'start', message_type: 'stream', stream_id: 1, topic: 'Lunch', sender: { user_id: 11 } });
    const s = store.state!;
    expect([s.subscriptions.get(1)?.is_muted, s.settings.color_scheme, s.users.get(11)?.full_name, [...(s.typing.get('channel:1:lunch')?.keys() ?? [])]]).toEqual([true, 3, 'Robert', [11]]);
    store.expireTyping(Date.now() + 60_000);
    expect(store.state!.typing.get('channel:1:lunch')?.size).toBe(0);
    const now = store.state!.version;
    store.apply({ type: 'some_future_event' });
    expect(store.state!.version).toBe(now);
    expect(now).toBeGreaterThan(version);
  });
});

describe('custom profile fields', () => {
  it('orders a List of options by its order, and builds one from texts', () => {
    const data = JSON.stringify({ b: { text: 'Emacs', order: '2' }, a: { text: 'Vim', order: '1' }, c: { order: '3' } });
    expect(selectOptions(data)).toEqual([
      { key: 'a', text: 'Vim' },
      { key: 'b', text: 'Emacs' },
    ]);
    expect(selectOptions('not json')).toEqual([]);
    expect(selectFieldData('Vim, Emacs\nVim\n\n nano ')).toEqual({ 0: { text: 'Vim', order: '0' }, 1: { text: 'Emacs', order: '1' }, 2: { text: 'nano', order: '2' } });
    expect(newFieldData(FIELD_TYPES.EXTERNAL_ACCOUNT, '')).toEqual({ subtype: 'github' });
    expect(newFieldData(FIELD_TYPES.SHORT_TEXT, 'ignored')).toBeUndefined();
  });

  it("reads a Person picker's value, and nothing from a broken one", () => {
    expect(personIds('[3, 7]')).toEqual([3, 7]);
    expect(personIds('[3, "x", 1.5]')).toEqual([3]);
    expect(personIds('{')).toEqual([]);
    expect(personIds(undefined)).toEqual([]);
  });
});
