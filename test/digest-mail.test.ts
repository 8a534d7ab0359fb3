import type pg from 'pg';
import { manageJson } from './support/cli';
import { closeFixtures, createTestRealm, TestRealm, TestUser } from './support/fixtures';
import { testServicePool } from './support/service-pools';
import { Mailbox, headersOf } from './support/smtp';

/**
 * Zulip's weekly digest (zerver/lib/digest.py): to users away since the cutoff, the hot
 * conversations of their channels and the new channels; none for those active, none when the
 * realm or the user turned digests off, one a week whatever runs it. `manage send-digests
 * --now --wait` has the running server's job look at once, whatever the realm's weekday.
 */
let realm: TestRealm;
let pool: pg.Pool;
const mailbox = new Mailbox();
const CHANNEL = `digest-talk-${Date.now().toString(36)}`;

/** A weekday that is not today (Zulip's numbering, Monday 0): the job's own daily look leaves the realm alone. */
const notToday = (((new Date().getUTCDay() + 6) % 7) + 3) % 7;

beforeAll(async () => {
  realm = await createTestRealm('Digest realm');
  pool = testServicePool('users', process.env.PARLEY_SECRET!, 1);
  const on = await realm.owner.api.patch('/realm', { digest_emails_enabled: true, digest_weekday: notToday }, { contract: 'envelope' });
  expect(on.status).toBe(200);
});
afterAll(async () => {
  await pool.end();
  await closeFixtures();
});

const sendDigests = (r: TestRealm) => manageJson<{ requested: number; sent: number }>(['send-digests', '--realm', r.subdomain, '--now', '--wait']);

async function digestsOf(user: TestUser): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM mail_queue WHERE kind = 'digest' AND user_id = $1", [user.user_id]);
  return Number(rows[0].n);
}

async function talk(users: TestUser[], channel: string) {
  const subscribed = await realm.owner.api.post('/users/me/subscriptions', { subscriptions: [{ name: channel }], principals: users.map((u) => u.user_id) });
  expect(subscribed.status).toBe(200);
  const [first, second] = users;
  for (const [sender, content] of [
    [first, 'Shall we ship the **launch** on Friday?'],
    [second, 'Friday works for me.'],
    [first, 'Then Friday it is.'],
  ] as const) {
    expect((await sender.api.post('/messages', { type: 'stream', to: channel, topic: 'launch plans', content })).status).toBe(200);
  }
}

describe('the weekly digest', () => {
  it('goes to a user away with activity in their channels, not to one active, nor to one who turned it off; once a week', async () => {
    const away = await realm.addUser({ name: 'Away Alice' });
    const active = await realm.addUser({ name: 'Active Bob' });
    const quiet = await realm.addUser({ name: 'Quiet Carol' });
    const sender = await realm.addUser({ name: 'Talker Dan' });
    expect((await active.api.post('/users/me/presence', { status: 'active', last_update_id: -1 })).status).toBe(200);
    expect((await quiet.api.patch('/settings', { enable_digest_emails: false })).status).toBe(200);
    await talk([sender, realm.member, away, active, quiet], CHANNEL);

    const first = await sendDigests(realm);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mail = await mailbox.waitFor(away.email, { subject: /digest/ });
    expect(mail.parsed.subject).toBe('Digest realm digest: what you missed');
    const text = mail.parsed.text!;
    expect(text).toContain(`#${CHANNEL} > launch plans`);
    expect(text).toContain(`Participants: ${[realm.member.full_name, 'Talker Dan'].sort().join(', ')}`);
    expect(text).toContain('Talker Dan: Shall we ship the launch on Friday?');
    expect(text).toContain(`${realm.member.full_name}: Friday works for me.`);
    expect(text).toContain('and 1 more message');
    expect(text).toMatch(/#narrow\/channel\/\d+-digest-talk-[a-z0-9]+\/topic\/launch\.20plans/);
    // Rendered content, as the recipient would see it.
    expect(mail.parsed.html).toContain('<strong>launch</strong>');
    // A notification mail: the one-click unsubscribe of kind `digest`.
    const headers = headersOf(mail);
    expect(headers).toContain(`/accounts/unsubscribe/digest/${away.user_id}.`);

    expect(await digestsOf(away)).toBe(1);
    expect(await digestsOf(active)).toBe(0);
    expect(await digestsOf(quiet)).toBe(0);

    // Once a week: a second run sends it no other.
    const second = await sendDigests(realm);
    expect(second.sent).toBe(0);
    expect(await digestsOf(away)).toBe(1);
  });

  it('is sent once when two runs look at the same time', async () => {
    const away = await realm.addUser({ name: 'Away Erin' });
    await talk([realm.member, realm.other, away], `${CHANNEL}-2`);
    const [a, b] = await Promise.all([sendDigests(realm), sendDigests(realm)]);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(1);
    await mailbox.waitFor(away.email, { subject: /digest/ });
    expect(await digestsOf(away)).toBe(1);
  });

  it('is not sent when the realm has digests off', async () => {
    const off = await createTestRealm('No digest realm');
    const away = await off.addUser({ name: 'Away Frank' });
    const subscribed = await off.owner.api.post('/users/me/subscriptions', { subscriptions: [{ name: 'busy' }], principals: [off.member.user_id, away.user_id] });
    expect(subscribed.status).toBe(200);
    for (const content of ['one', 'two']) expect((await off.member.api.post('/messages', { type: 'stream', to: 'busy', topic: 'news', content })).status).toBe(200);
    expect((await sendDigests(off)).sent).toBe(0);
    expect(await digestsOf(away)).toBe(0);
  });

  it('is not sent on another weekday than the realm’s without --now', async () => {
    const res = await manageJson<{ sent: number }>(['send-digests', '--realm', realm.subdomain, '--wait']);
    expect(res.sent).toBe(0);
  });
});
