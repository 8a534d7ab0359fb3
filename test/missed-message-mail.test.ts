import http from 'node:http';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { createChannel } from './support/channels';
import { eventually } from './support/eventually';
import { ok } from './support/responses';
import { unique } from './support/route-samples';
import { baseUrl } from './support/api';
import { testServicePool } from './support/service-pools';
import { linksOf, Mailbox, ReceivedMail } from './support/smtp';

/**
 * Missed-message mails (Zulip's email_notifications.py): a direct message, a mention, a
 * wildcard mention or a followed topic's message to a user who is away is mailed after their
 * batching period, one mail per conversation, with what is still unread and readable then. The
 * tests wait until a user's pending rows exist, then make them due at once (the period's least
 * is 120 s); a refusal is checked beside a recipient of the same message who is mailed, so the
 * decision for both was made. Mail goes to the integration run's SMTP server.
 */
type Json = Record<string, any>;

let realm: TestRealm;
const db = testServicePool('users', process.env.PARLEY_SECRET!, 1);
const mailbox = new Mailbox();

beforeAll(async () => {
  realm = await createTestRealm('Missed mail realm');
});
afterAll(async () => {
  await db.end();
  await closeFixtures();
});

let n = 0;
const person = (name = `Person ${++n}`) => realm.addUser({ name, local: unique('away') });

const pendingOf = async (user: TestUser): Promise<{ id: number; trigger: string }[]> =>
  (await db.query('SELECT message_id::int AS id, trigger FROM missed_message_notifications WHERE user_id = $1 ORDER BY message_id', [user.user_id])).rows;

/** Waits until these messages wait to be mailed to the user. */
const waitPending = (user: TestUser, ids: number[]) =>
  eventually(async () => {
    const pending = (await pendingOf(user)).map((p) => p.id);
    for (const id of ids) if (!pending.includes(id)) throw new Error(`message ${id} not pending for ${user.user_id}`);
  }, 15_000);

/** The batch is due now (instead of after the user's period). */
const release = (user: TestUser) => db.query('UPDATE missed_message_notifications SET due_at = now() WHERE user_id = $1 AND claim IS NULL', [user.user_id]);

/** Waits until the job has handled the user's batch (its rows are gone), then answers the mails queued for them. */
async function afterBatch(user: TestUser): Promise<number> {
  await eventually(async () => {
    if ((await pendingOf(user)).length) throw new Error('batch not handled yet');
  }, 15_000);
  return (await db.query('SELECT count(*)::int AS n FROM mail_queue WHERE user_id = $1', [user.user_id])).rows[0].n;
}

const dm = async (from: TestUser, to: TestUser[], content = unique('Hello ')) =>
  ok(await from.api.post('/messages', { type: 'direct', to: JSON.stringify(to.map((u) => u.user_id)), content })).id as number;
const post = async (from: TestUser, channel: number, topic: string, content: string) => ok(await from.api.post('/messages', { type: 'stream', to: channel, topic, content })).id as number;

/** A mail's header section, unfolded. */
const headersOf = (mail: ReceivedMail) =>
  '\n' +
  mail.raw
    .toString()
    .split('\r\n\r\n')[0]
    .replace(/\r\n[ \t]+/g, ' ')
    .replace(/\r\n/g, '\n');

/** The one mail the user gets, after their batch is released. */
async function mailOf(user: TestUser, subject?: RegExp): Promise<ReceivedMail> {
  await release(user);
  return mailbox.waitFor(user.email, { subject });
}

describe('missed-message mails', () => {
  it('mails a direct message to an offline user: the message, its sender, a link to the conversation, a one-click unsubscribe', async () => {
    const [sender, away] = [await person('Sam Sender'), await person()];
    const id = await dm(sender, [away], 'Lunch at **noon**? :smile:');
    await waitPending(away, [id]);
    expect(await pendingOf(away)).toEqual([{ id, trigger: 'direct_message' }]);
    const mail = await mailOf(away);
    expect(mail.parsed.subject).toBe('DMs with Sam Sender');
    expect(mail.parsed.html).toContain('<strong>noon</strong>');
    expect(mail.parsed.html).toContain('\u{1f642}');
    expect(mail.parsed.html).toContain('Sam Sender');
    expect(mail.parsed.text).toContain('Lunch at **noon**?');
    expect(linksOf(mail)).toContain(`http://${realm.host}/#narrow/dm/${sender.user_id}-Sam-Sender`);
    expect(headersOf(mail)).toContain('\nList-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headersOf(mail)).toMatch(/\nList-Unsubscribe: <http:\/\/[^>]+\/accounts\/unsubscribe\/missed_messages\/[^>]+>/);
    // Neither the sender's address nor another user's.
    expect(mail.raw.toString()).not.toContain(sender.email);
    expect(await afterBatch(away)).toBe(1);
  });

  it('puts the direct messages of one period in one mail, and each conversation in its own', async () => {
    const [a, b, away] = [await person('Alma'), await person('Bea'), await person()];
    const ids = [await dm(a, [away], 'first one'), await dm(a, [away], 'second one')];
    const group = await dm(b, [away, a], 'to the three of us');
    await waitPending(away, [...ids, group]);
    await release(away);
    const one = await mailbox.waitFor(away.email, { subject: /^DMs with Alma$/ });
    expect(one.parsed.text).toMatch(/first one[\s\S]*second one/);
    const three = await mailbox.waitFor(away.email, { subject: /^Group DMs with / });
    expect(three.parsed.subject).toBe('Group DMs with Alma and Bea');
    expect(three.parsed.text).toContain('to the three of us');
    expect(linksOf(three)).toContain(`http://${realm.host}/#narrow/dm/${[a.user_id, b.user_id].sort((x, y) => x - y).join(',')}-group`);
    expect(await afterBatch(away)).toBe(2);
    expect(await mailbox.to(away.email)).toHaveLength(2);
  });

  it('mails a personal mention in a channel, with a link to the topic', async () => {
    const [sender, away] = [await person('Cleo'), await person('Dana Away')];
    const channel = await createChannel(realm.owner, [sender, away]);
    const id = await post(sender, channel.id, 'plans (v2.0)', '@**Dana Away** please look');
    await waitPending(away, [id]);
    expect((await pendingOf(away))[0].trigger).toBe('mentioned');
    const mail = await mailOf(away);
    expect(mail.parsed.subject).toBe(`#${channel.name} > plans (v2.0)`);
    expect(mail.parsed.html).toContain('please look');
    const slug = encodeURIComponent(channel.name.replace(/ /g, '-')).replace(/[%.]/g, (c) => (c === '%' ? '.' : '.2E'));
    expect(linksOf(mail)).toContain(`http://${realm.host}/#narrow/channel/${channel.id}-${slug}/topic/plans.20.28v2.2E0.29`);
  });

  it('mails a wildcard mention to those whose wildcard_mentions_notify is on', async () => {
    const [sender, on, off] = [await person(), await person(), await person()];
    ok(await off.api.patch('/settings', { wildcard_mentions_notify: false }));
    const channel = await createChannel(realm.owner, [sender, on, off]);
    const id = await post(sender, channel.id, 'all hands', '@**all** meeting now');
    await waitPending(on, [id]);
    expect((await pendingOf(on))[0].trigger).toBe('stream_wildcard_mentioned');
    expect(await pendingOf(off)).toEqual([]);
    expect((await mailOf(on)).parsed.text).toContain('meeting now');
  });

  it("mails a followed topic's messages to its followers (enable_followed_topic_email_notifications)", async () => {
    const [sender, follower, other] = [await person(), await person(), await person()];
    const channel = await createChannel(realm.owner, [sender, follower, other]);
    ok(await follower.api.post('/user_topics', { stream_id: channel.id, topic: 'releases', visibility_policy: 3 }));
    const id = await post(sender, channel.id, 'Releases', 'version 3 is out');
    await waitPending(follower, [id]);
    expect((await pendingOf(follower))[0].trigger).toBe('followed_topic');
    expect(await pendingOf(other)).toEqual([]);
    expect((await mailOf(follower)).parsed.text).toContain('version 3 is out');
  });

  it('leaves out a message read before the batch goes, and sends nothing when nothing is left', async () => {
    const [sender, away, alone] = [await person('Ed'), await person(), await person()];
    const [read, unread] = [await dm(sender, [away], 'already seen'), await dm(sender, [away], 'still new')];
    const only = await dm(sender, [alone], 'seen too');
    await waitPending(away, [read, unread]);
    await waitPending(alone, [only]);
    ok(await away.api.post('/messages/flags', { messages: JSON.stringify([read]), op: 'add', flag: 'read' }));
    ok(await alone.api.post('/messages/flags', { messages: JSON.stringify([only]), op: 'add', flag: 'read' }));
    const mail = await mailOf(away);
    expect(mail.parsed.text).toContain('still new');
    expect(mail.parsed.text).not.toContain('already seen');
    await release(alone);
    expect(await afterBatch(alone)).toBe(0);
  });

  it('leaves out a message deleted before the batch goes', async () => {
    const [sender, away] = [await person('Flo'), await person()];
    const [gone, kept] = [await dm(sender, [away], 'regrettable'), await dm(sender, [away], 'better words')];
    await waitPending(away, [gone, kept]);
    ok(await sender.api.delete(`/messages/${gone}`));
    const mail = await mailOf(away);
    expect(mail.parsed.text).toContain('better words');
    expect(mail.parsed.text).not.toContain('regrettable');
  });

  it('leaves out a message moved where the user may not read it', async () => {
    const away = await person('Hal Away');
    const open = await createChannel(realm.owner, [realm.owner, away]);
    const secret = await createChannel(realm.owner, [realm.owner], { invite_only: true });
    const id = await post(realm.owner, open.id, 'plans', '@**Hal Away** see this');
    await waitPending(away, [id]);
    ok(await realm.owner.api.patch(`/messages/${id}`, { stream_id: secret.id, propagate_mode: 'change_one' }));
    await release(away);
    expect(await afterBatch(away)).toBe(0);
  });

  it('mails nobody who is on Parley, no bot, nobody who muted the sender, nobody who turned it off', async () => {
    const [sender, away, online, muter, off] = [await person(), await person(), await person(), await person(), await person()];
    ok(await online.api.post('/users/me/presence', { status: 'active' }));
    ok(await muter.api.post(`/users/me/muted_users/${sender.user_id}`));
    ok(await off.api.patch('/settings', { enable_offline_email_notifications: false }));
    const id = await dm(sender, [away, online, muter, off, realm.bot]);
    await waitPending(away, [id]);
    for (const user of [online, muter, off, realm.bot]) expect(await pendingOf(user)).toEqual([]);
    await mailOf(away);
  });

  it('hides the content when message_content_in_email_notifications is off, and names the realm when asked to', async () => {
    const [sender, hidden, named] = [await person('Gil'), await person(), await person()];
    ok(await hidden.api.patch('/settings', { message_content_in_email_notifications: false }));
    ok(await named.api.patch('/settings', { realm_name_in_email_notifications_policy: 2 }));
    const id = await dm(sender, [hidden], 'a secret plan');
    const other = await dm(sender, [named], 'a public plan');
    await waitPending(hidden, [id]);
    await waitPending(named, [other]);
    const mail = await mailOf(hidden);
    expect(mail.parsed.subject).toBe('New messages');
    expect(mail.raw.toString()).not.toContain('secret plan');
    expect((await mailOf(named)).parsed.subject).toBe('DMs with Gil [Missed mail realm]');
  });
});

/** A request to the realm's URL (its Host is the realm's subdomain, which does not resolve here). */
function request(url: string, method: string, body?: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; type: string }> {
  // Not new URL(): a host ending in a number ("t1.127.0.0.1") is no URL host to WHATWG.
  const [, host, path] = /^https?:\/\/([^/]+)(\/.*)$/.exec(url)!;
  const base = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path, method, headers: { host, ...(body && { 'content-type': 'application/x-www-form-urlencoded' }), ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, type: String(res.headers['content-type']) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const settingOf = async (user: TestUser, name: string) => ok(await user.api.post('/register', { fetch_event_types: ['user_settings'] })).user_settings[name];

describe('GET and POST /accounts/unsubscribe/<kind>/<token>', () => {
  let away: TestUser;
  let link: string;
  beforeAll(async () => {
    const sender = await person();
    away = await person();
    await waitPending(away, [await dm(sender, [away])]);
    const mail = await mailOf(away);
    link = /\nList-Unsubscribe: <([^>]+)>/.exec(headersOf(mail))![1];
    expect(linksOf(mail)).toContain(link);
  });

  it('shows a page that asks to confirm, and changes nothing', async () => {
    const page = await request(link, 'GET');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('missed-message emails');
    expect(await settingOf(away, 'enable_offline_email_notifications')).toBe(true);
  });

  it("turns the setting off with RFC 8058's one-click POST, no login, no CSRF token, and tells the user's clients", async () => {
    const queue = ok(await away.api.post('/register', { event_types: ['user_settings'], client_capabilities: JSON.stringify({ user_settings_object: true }) })).queue_id;
    const done = await request(link, 'POST', 'List-Unsubscribe=One-Click', { origin: 'https://mail.example' });
    expect(done.status).toBe(200);
    expect(JSON.parse(done.text)).toEqual({ result: 'success', msg: '' });
    expect(await settingOf(away, 'enable_offline_email_notifications')).toBe(false);
    await eventually(async () => {
      const events = ok(await away.api.get('/events', { queue_id: queue, last_event_id: -1, dont_block: true })).events as Json[];
      expect(events).toContainEqual(expect.objectContaining({ type: 'user_settings', op: 'update', property: 'enable_offline_email_notifications', value: false }));
    });
    // The page's own button: a browser gets a page back.
    const again = await request(link, 'POST', 'List-Unsubscribe=One-Click', { accept: 'text/html' });
    expect(again.status).toBe(200);
    expect(again.text).toContain('Unsubscribed');
  });

  it('refuses a forged token, another kind of mail and another realm with 400 in the envelope', async () => {
    const [userId, signature] = link.split('/').pop()!.split('.');
    const forged = [
      link.replace(`/${userId}.`, `/${Number(userId) + 1}.`),
      link.replace(signature, signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA')),
      link.replace('/missed_messages/', '/digest/'),
      link.replace('/missed_messages/', '/password_reset/'),
      link.replace(realm.host, new URL(baseUrl()).host),
    ];
    for (const url of forged) {
      for (const method of ['GET', 'POST']) {
        const res = await request(url, method, method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined);
        expect([url, method, res.status]).toEqual([url, method, 400]);
        expect(JSON.parse(res.text)).toEqual({ result: 'error', msg: 'Unknown email unsubscribe request', code: 'BAD_REQUEST' });
      }
    }
  });
});
