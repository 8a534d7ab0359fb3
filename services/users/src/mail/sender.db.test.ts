import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { createLogger, withTransaction } from '@parley/common';
import { TestSmtpServer, headersOf } from '../../../../test/support/smtp';
import { eventually } from '../../../../test/support/eventually';
import { ownUsersDb } from '../../../../test/support/users-db';
import { readMailConfig } from '../config';
import { createRealm } from '../domain/realms';
import * as mailStore from '../store/mail';
import type { RealmRow } from '../store/realms';
import { queueMail, readUnsubscribeToken, unsubscribeUrl } from './compose';
import { html } from './html';
import type { MailKind } from './kinds';
import { describeMail } from './operator';
import { DEFAULT_MAIL_SENDER, MailSender, MailSenderOptions } from './sender';
import { createMailTransport, MailTransport } from './transport';

/**
 * The mail queue and its sender against PostgreSQL and a real SMTP server (test/support/smtp.ts):
 * mail is sent once, survives an SMTP server that is away, and a sender that dies between
 * sending and recording makes at most one duplicate, with the same Message-ID (ADR 0031).
 */
// A database of its own: the Parley under test (same run, shared database) sends mail too.
let db: Awaited<ReturnType<typeof ownUsersDb>>;
const usersDb = () => db;

const log = createLogger('mail-test', 'error');
let realm: RealmRow;
let ownerId: number;
let smtp: TestSmtpServer;
const senders: MailSender[] = [];
let n = 0;

beforeAll(async () => {
  db = await ownUsersDb('mail');
  const { pool, config } = usersDb();
  const sub = `mail${Date.now().toString(36)}`;
  const made = await createRealm(pool, config, { name: 'Acme <Mail>', subdomain: sub, ownerEmail: `owner@${sub}.test`, ownerName: 'Olive', ownerPassword: 'a-long-password' });
  realm = made.realm;
  ownerId = made.owner.user.id;
  smtp = await TestSmtpServer.start({ refuse: /^nobody@/ });
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
  // Nothing of this test left for the next one's senders.
  await usersDb().pool.query(`UPDATE mail_queue SET failed_at = now() WHERE realm_id = $1 AND sent_at IS NULL AND failed_at IS NULL`, [realm.id]);
});

afterAll(async () => {
  await smtp.stop();
  await db?.close();
});

const address = (tag = 'someone') => `${tag}-${++n}-${Date.now().toString(36)}@example.test`;

function queue(to: string, opts: { kind?: MailKind; userId?: number; subject?: string } = {}): Promise<string> {
  const { pool, config } = usersDb();
  return withTransaction(pool, (tx) =>
    queueMail(tx, config, {
      kind: opts.kind ?? 'test',
      realm,
      to: { address: to, name: 'Some One', userId: opts.userId },
      content: { subject: opts.subject ?? 'Hello & welcome', text: 'Plain words, and a link: http://example.test/x', html: html`<p>HTML words ${'<b>escaped</b>'}</p>` },
    }),
  );
}

function sender(transport: MailTransport = createMailTransport({ kind: 'smtp', ...smtp.address, useTls: false, useSsl: false, timeoutMs: 5000 }), opts: Partial<MailSenderOptions> = {}): MailSender {
  const s = new MailSender(usersDb().pool, transport, log, { ...DEFAULT_MAIL_SENDER, from: 'noreply@parley.test', pollMs: 50, retryBaseMs: 100, ...opts });
  senders.push(s);
  return s;
}

const row = async (id: string) => (await usersDb().pool.query<mailStore.MailRow>('SELECT * FROM mail_queue WHERE id = $1', [id])).rows[0];

describe('the mail sender', () => {
  it('sends a queued mail once, with a plain-text and an HTML part, the realm in its sender and footer', async () => {
    const to = address();
    const id = await queue(to);
    expect(await sender().sendDue()).toBeGreaterThanOrEqual(1);
    const [mail] = smtp.to(to);
    const queued = await row(id);
    expect(mail.parsed.messageId).toBe(queued.message_id);
    expect(mail.parsed.subject).toBe('Hello & welcome');
    expect(mail.parsed.from?.value).toEqual([{ address: 'noreply@parley.test', name: 'Acme <Mail> via Parley' }]);
    expect(mail.parsed.to).toMatchObject({ value: [{ address: to, name: 'Some One' }] });
    const { config } = usersDb();
    const url = `${config.urlScheme}://${realm.string_id}.${config.externalHost}`;
    expect(mail.parsed.text).toContain('Plain words, and a link: http://example.test/x');
    expect(mail.parsed.text).toContain(`Acme <Mail> (${url})`);
    // The realm's name is text in the HTML, as is everything interpolated.
    expect(mail.parsed.html).toContain('<p>HTML words &lt;b&gt;escaped&lt;/b&gt;</p>');
    expect(mail.parsed.html).toContain(`<a href="${url}" style="color:#666;">Acme &lt;Mail&gt;</a>`);
    // An account mail has no unsubscribe.
    expect(mail.raw.toString()).not.toMatch(/^List-Unsubscribe/im);
    expect(queued).toMatchObject({ attempts: 1, last_error: null });
    expect(queued.sent_at).not.toBeNull();
    // Nothing more is sent for it.
    await sender().sendDue();
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('gives a notification mail a one-click unsubscribe (RFC 8058) naming its user and kind', async () => {
    const to = address();
    const { config } = usersDb();
    await queue(to, { kind: 'missed_messages', userId: ownerId });
    await sender().sendDue();
    const [mail] = smtp.to(to);
    const link = unsubscribeUrl(config, `${config.urlScheme}://${realm.string_id}.${config.externalHost}`, ownerId, 'missed_messages');
    const headers = headersOf(mail);
    expect(headers).toContain('\nList-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headers).toContain(`\nList-Unsubscribe: <${link}>`);
    expect(mail.parsed.text).toContain(`Unsubscribe: ${link}`);
    const token = link.split('/').pop()!;
    expect(readUnsubscribeToken(config.secret, 'missed_messages', token)).toBe(ownerId);
    // Not for another kind, another user, or a token changed by a character.
    expect(readUnsubscribeToken(config.secret, 'digest', token)).toBeUndefined();
    expect(readUnsubscribeToken(config.secret, 'missed_messages', token.replace(/^\d+/, String(ownerId + 1)))).toBeUndefined();
    expect(readUnsubscribeToken(config.secret, 'missed_messages', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(readUnsubscribeToken(config.secret, 'missed_messages', 'nonsense')).toBeUndefined();
  });

  it('queues nothing when the action that caused the mail rolls back', async () => {
    const to = address();
    const { pool, config } = usersDb();
    await expect(
      withTransaction(pool, async (tx) => {
        await queueMail(tx, config, { kind: 'test', realm, to: { address: to }, content: { subject: 's', text: 't', html: html`h` } });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect((await mailStore.latestMail(pool, 5, to)).length).toBe(0);
  });

  it('keeps a mail while the SMTP server is away, and sends it once when it is back', async () => {
    const to = address();
    await smtp.stop();
    try {
      const id = await queue(to);
      sender().start();
      // Tried, refused (connection refused), and left to retry with a growing wait.
      await eventually(async () => expect((await row(id)).attempts).toBeGreaterThanOrEqual(3), 20_000);
      const failing = await row(id);
      expect(failing.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(failing.sent_at).toBeNull();
      expect(failing.failed_at).toBeNull();
    } finally {
      await smtp.restart();
    }
    await smtp.waitFor(to, { timeoutMs: 20_000 });
    // Once: a further look finds nothing due.
    await new Promise((r) => setTimeout(r, 500));
    await senders[0].sendDue();
    expect(smtp.to(to)).toHaveLength(1);
  });

  it('sends at most one duplicate, with the same Message-ID, when a sender dies between sending and recording', async () => {
    const to = address();
    const id = await queue(to);
    const smtpTransport = createMailTransport({ kind: 'smtp', ...smtp.address, useTls: false, useSsl: false, timeoutMs: 5000 });
    // A sender whose process "dies" once the mail is out: its attempt never records anything.
    const dying: MailTransport = {
      kind: 'smtp',
      send: async (mail, from) => {
        await smtpTransport.send(mail, from);
        return new Promise(() => undefined);
      },
      close: () => smtpTransport.close(),
    };
    void sender(dying, { leaseMs: 300 }).sendDue();
    await smtp.waitFor(to);
    expect((await row(id)).sent_at).toBeNull();
    // Another replica finds the lease run out, and sends it again.
    const other = sender();
    await eventually(async () => {
      await other.sendDue();
      expect((await row(id)).sent_at).not.toBeNull();
    });
    await other.sendDue();
    const copies = smtp.to(to);
    expect(copies).toHaveLength(2);
    expect(copies[1].parsed.messageId).toBe(copies[0].parsed.messageId);
    expect(copies[0].parsed.messageId).toBe((await row(id)).message_id);
  });

  it('sends each mail once when two senders share the queue', async () => {
    const tos = Array.from({ length: 30 }, () => address('pair'));
    await Promise.all(tos.map((to) => queue(to)));
    sender().start();
    sender().start();
    for (const to of tos) await smtp.waitFor(to);
    await new Promise((r) => setTimeout(r, 300));
    expect(tos.map((to) => smtp.to(to).length)).toEqual(tos.map(() => 1));
  });

  it('gives up on a recipient the server refuses (550) without retrying, and still sends the others', async () => {
    const refused = address('nobody').replace(/^nobody-\d+-[a-z0-9]+/, 'nobody');
    const fine = address();
    const refusedId = await queue(refused);
    await queue(fine);
    await sender().sendDue();
    await smtp.waitFor(fine);
    const gone = await row(refusedId);
    expect(gone.failed_at).not.toBeNull();
    expect(gone.attempts).toBe(1);
    expect(gone.last_error).toMatch(/550/);
    expect(describeMail(gone)).toMatchObject({ status: 'failed', to: refused });
  });

  it('gives up on a mail still failing after MAIL_GIVE_UP_HOURS', async () => {
    const to = address();
    const id = await queue(to);
    await usersDb().pool.query(`UPDATE mail_queue SET created_at = now() - interval '73 hours' WHERE id = $1`, [id]);
    const unreachable = createMailTransport({ kind: 'smtp', host: '127.0.0.1', port: 1, useTls: false, useSsl: false, timeoutMs: 1000 });
    await sender(unreachable).sendDue();
    expect((await row(id)).failed_at).not.toBeNull();
  });
});

describe('the folder transport (no EMAIL_HOST)', () => {
  it('writes each mail as an .eml file the operator can open, with its links listed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-mail-folder-'));
    try {
      const to = address();
      const id = await queue(to);
      await sender(createMailTransport({ kind: 'folder', dir })).sendDue();
      const sent = await row(id);
      expect(sent.file_path?.startsWith(dir)).toBe(true);
      const parsed = await simpleParser(readFileSync(sent.file_path!));
      expect(parsed.messageId).toBe(sent.message_id);
      expect(parsed.to).toMatchObject({ value: [{ address: to }] });
      expect(parsed.text).toContain('Plain words');
      expect(parsed.html).toContain('HTML words');
      expect(describeMail(sent)).toMatchObject({
        status: 'sent',
        file: sent.file_path,
        links: ['http://example.test/x', `${usersDb().config.urlScheme}://${realm.string_id}.${usersDb().config.externalHost}`],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mail settings (readMailConfig)', () => {
  it("takes Zulip's names, defaults the port as Django does, and refuses what cannot work", () => {
    expect(readMailConfig({}, '/data', 'example.com')).toMatchObject({ transport: { kind: 'folder', dir: '/data/mail' }, fromName: 'Parley', sender: { from: 'noreply@example.com' } });
    expect(readMailConfig({ EMAIL_HOST: 'smtp.example.com' }, '/d', 'x.test').transport).toMatchObject({ kind: 'smtp', host: 'smtp.example.com', port: 25, useTls: false, useSsl: false });
    expect(readMailConfig({ EMAIL_HOST: 'h', EMAIL_USE_TLS: 'true' }, '/d', 'x.test').transport).toMatchObject({ port: 587, useTls: true });
    expect(readMailConfig({ EMAIL_HOST: 'h', EMAIL_USE_SSL: 'true' }, '/d', 'x.test').transport).toMatchObject({ port: 465, useSsl: true });
    expect(readMailConfig({ EMAIL_HOST: 'h', EMAIL_PORT: '2525', EMAIL_HOST_USER: 'u', EMAIL_HOST_PASSWORD: 'p' }, '/d', 'x.test').transport).toMatchObject({ port: 2525, user: 'u', password: 'p' });
    expect(() => readMailConfig({ EMAIL_HOST: 'h', EMAIL_USE_TLS: 'true', EMAIL_USE_SSL: 'true' }, '/d', 'x.test')).toThrow(/exclusive/);
    expect(() => readMailConfig({ NOREPLY_EMAIL_ADDRESS: 'not an address' }, '/d', 'x.test')).toThrow(/NOREPLY_EMAIL_ADDRESS/);
    expect(() => readMailConfig({ EMAIL_PORT: 'x', EMAIL_HOST: 'h' }, '/d', 'x.test')).toThrow(/EMAIL_PORT/);
  });
});
