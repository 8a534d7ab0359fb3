// Email invitations in the web client (issue #42), in Debian's headless Chromium: an
// administrator invites by email in Organization → Invitations; the mail arrives at a real SMTP
// server; its link, opened in a fresh browser context, asks only a name and a password and ends
// signed in. The administrator resends and revokes another invitation, whose links then fail.
// Screenshots go to test/artifacts/web-invites-*.png (git-ignored).
//
// It runs against a Parley of its own (test/support/own-parley.ts), whose mail goes to an SMTP
// server this file starts; the root realm is reached at the bare address, as a browser does.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ARTIFACTS, axeViolations, describeInChromium, launchChromium } from './support/browser';
import { closeFixtures, ensureRootRealm, TestUser } from './support/fixtures';
import { startOwnParley, type OwnParley } from './support/own-parley';
import { ok } from './support/responses';
import { eventually } from './support/eventually';
import { linksOf, TestSmtpServer, type ReceivedMail } from './support/smtp';

jest.setTimeout(120_000);

let parley: OwnParley;
let smtp: TestSmtpServer;
let browser: Browser;
let owner: TestUser;
const contexts: BrowserContext[] = [];
const problems: string[] = [];
const OWNER_PASSWORD = 'root-password';

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // A refused request is logged by the browser; the steps that expect one check its answer.
    if (msg.type() === 'error' && !/status of (4\d\d)|Failed to load resource/.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `web-invites-${name}.png`) });
const sidebarLink = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Channels and views' }).getByRole('link', { name });
const until = (check: () => Promise<void>) => eventually(check, 15_000);
const confirmLink = (mail: ReceivedMail) => linksOf(mail).find((l) => l.includes('/accounts/do_confirm/'))!;

describeInChromium('web-invites.test.ts')('email invitations in the web client', () => {
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    parley = await startOwnParley('webinvites', { ...smtp.env, MAIL_POLL_MS: '100' });
    parley.adopt();
    owner = (await ensureRootRealm()).owner;
    ok(await owner.api.post('/channels/create', { name: 'general', description: 'Everyone', subscribers: [owner.user_id] }));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await parley?.stop();
    await smtp?.stop();
    await closeFixtures();
  });

  afterEach(() => expect(problems).toEqual([]));

  let admin: Page;

  it('an administrator invites by email; the invitee follows the mailed link in a fresh browser, signs up and is signed in', async () => {
    admin = await newPage();
    await admin.goto(`${parley.url}/`);
    await admin.getByLabel('Email').fill(owner.email);
    await admin.getByLabel('Password').fill(OWNER_PASSWORD);
    await admin.getByRole('button', { name: 'Log in' }).click();
    await sidebarLink(admin, /general/).waitFor();
    await admin.goto(`${parley.url}/#organization/invites`);
    await admin.getByLabel('Email addresses (separated by commas or new lines)').fill('Dana Doe <dana@web.test>');
    await admin.getByLabel('Join as').selectOption({ label: 'Moderator' });
    // As Zulip's form: the organization's default channels unless unticked.
    expect(await admin.getByRole('checkbox', { name: "The organization's default channels" }).isChecked()).toBe(true);
    await admin.getByRole('checkbox', { name: '#general' }).check();
    await admin.getByRole('button', { name: 'Send invitations' }).click();
    await admin.getByRole('status').filter({ hasText: 'Invitations sent.' }).waitFor();
    const row = admin.locator('tr', { hasText: 'dana@web.test' });
    await row.getByRole('cell', { name: 'Moderator' }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await shot(admin, 'sent');

    const mail = await smtp.waitFor('dana@web.test');
    expect(mail.parsed.subject).toMatch(/has invited you to join Root realm/);
    const link = confirmLink(mail);
    expect(link).toMatch(new RegExp(`^${parley.url}/accounts/do_confirm/[A-Za-z0-9]{32}/$`));

    const dana = await newPage();
    await dana.goto(link);
    await dana.getByRole('heading', { name: 'Join Root realm' }).waitFor();
    // The address is proven by the link: no email field, only a name and a password.
    await dana.getByText('dana@web.test').waitFor();
    expect(await dana.getByLabel('Email').count()).toBe(0);
    expect(await axeViolations(dana)).toEqual([]);
    await shot(dana, 'confirm');
    await dana.getByLabel('Your name').fill('Dana Doe');
    await dana.getByLabel('Password').fill('dana-web-password-1');
    await dana.getByRole('button', { name: 'Sign up' }).click();
    await sidebarLink(dana, /general/).waitFor();
    expect(new URL(dana.url()).pathname).toBe('/');
    await shot(dana, 'signed-in');
    const members = ok(await owner.api.get('/users')).members as { email: string; delivery_email?: string; role: number }[];
    expect(members.find((u) => (u.delivery_email ?? u.email) === 'dana@web.test')?.role).toBe(300);
    // Used: gone from the list.
    await admin.reload();
    await admin.getByRole('table', { name: 'Live invitations' }).waitFor();
    await until(async () => expect(await admin.locator('tr', { hasText: 'dana@web.test' }).count()).toBe(0));
  });

  it('resends an invitation (a second mail) and revokes it (its links fail)', async () => {
    await admin.getByLabel('Email addresses (separated by commas or new lines)').fill('erin@web.test');
    await admin.getByRole('button', { name: 'Send invitations' }).click();
    const row = admin.locator('tr', { hasText: 'erin@web.test' });
    await row.waitFor();
    await smtp.waitFor('erin@web.test');
    await row.getByRole('button', { name: 'Resend the invitation to erin@web.test' }).click();
    await until(async () => expect(smtp.to('erin@web.test')).toHaveLength(2));
    await row.getByRole('button', { name: 'Revoke the invitation to erin@web.test' }).click();
    await until(async () => expect(await admin.locator('tr', { hasText: 'erin@web.test' }).count()).toBe(0));
    await shot(admin, 'revoked');
    const erin = await newPage();
    for (const mail of smtp.to('erin@web.test')) {
      await erin.goto(confirmLink(mail));
      await erin.getByRole('alert').filter({ hasText: 'Invalid or expired confirmation link' }).waitFor();
    }
  });

  it("names the addresses it skipped, with the server's reasons", async () => {
    await admin.getByLabel('Email addresses (separated by commas or new lines)').fill(`${owner.email}, not-an-address`);
    await admin.getByRole('button', { name: 'Send invitations' }).click();
    const status = admin.getByRole('status').filter({ hasText: "Some emails did not validate, so we didn't send any invitations." });
    await status.waitFor();
    await status.getByText('not-an-address: Invalid address.').waitFor();
    await status.getByText(`${owner.email}: Already has an account.`).waitFor();
    await shot(admin, 'refused');
  });
});
