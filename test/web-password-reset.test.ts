// "Forgot your password?" in Parley's web client, in Debian's headless Chromium driven by
// playwright-core, against the run's Parley and its real SMTP server: a person asks for a
// link on the login page, reads the mail, opens its link, sets a new password, and ends
// signed in; the link then refuses a second use. Each page is scanned with axe-core.
// Screenshots go to test/artifacts/reset-*.png (git-ignored).
//
// The root realm of the run's Parley, reached at the bare address as a browser reaches it
// (realm subdomains of 127.0.0.1 are not hosts a browser accepts); the person is a fresh
// account of it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { Role, withTransaction } from '@parley/common';
import { doCreateUser, readUsersConfig, realmStore } from '@parley/users';
import { ARTIFACTS, axeViolations, describeInChromium, launchChromium } from './support/browser';
import { Api } from './support/api';
import { closeFixtures, ensureRootRealm } from './support/fixtures';
import { testServicePool } from './support/service-pools';
import { testDatabaseUrl } from './support/servers';
import { linksOf, Mailbox } from './support/smtp';
import { ok } from './support/responses';

jest.setTimeout(120_000);

const url = process.env.PARLEY_TEST_URL!;
const person = { name: 'Rita Reset', email: `rita-${Date.now().toString(36)}@web-reset.test`, password: 'old-web-password-1' };
const NEW_PASSWORD = 'new-web-password-2';
let browser: Browser;
let pool: pg.Pool;
const problems: string[] = [];

async function newPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1000, height: 720 } })).newPage();
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // A refused request is logged by the browser; the steps that expect one check its answer.
    if (msg.type() === 'error' && !/status of (4\d\d)|Failed to load resource/.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  return page;
}
const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `reset-${name}.png`) });

describeInChromium('web-password-reset.test.ts')('password reset in the web client', () => {
  beforeAll(async () => {
    const { realm_id } = await ensureRootRealm();
    const config = readUsersConfig({ ...process.env, DATABASE_URL: testDatabaseUrl() });
    pool = testServicePool('users', config.secret, 1);
    await withTransaction(pool, async (tx) =>
      doCreateUser(tx, config, (await realmStore.findRealmById(tx, realm_id))!, { email: person.email, full_name: person.name, password: person.password, role: Role.MEMBER }),
    );
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await pool?.end();
    await closeFixtures();
  });

  afterEach(() => {
    expect(problems).toEqual([]);
  });

  let page: Page;

  it('asks for a link from the login page, and says to check the mail', async () => {
    page = await newPage();
    await page.goto(`${url}/`);
    await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();
    await shot(page, 'login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/accounts/password/reset/');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(person.email);
    await shot(page, 'ask');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByRole('status').innerText()).toContain(person.email);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'check-your-email');
  });

  it("follows the mail's link, sets a new password and ends signed in", async () => {
    const mail = await new Mailbox().waitFor(person.email, { subject: /Password reset request/ });
    const link = linksOf(mail).find((l) => l.startsWith(`${url}/accounts/password/reset/`))!;
    expect(link).toMatch(/\/accounts\/password\/reset\/[A-Za-z0-9]{32}\/$/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await page.getByText(`For ${person.email} in`).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    // Two different entries are refused before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('New password again').fill('something-else-1');
    await page.getByRole('button', { name: 'Set password and log in' }).click();
    await page.getByText('The two passwords differ.').waitFor();
    await page.getByLabel('New password again').fill(NEW_PASSWORD);
    await shot(page, 'new-password');
    await page.getByRole('button', { name: 'Set password and log in' }).click();
    // Signed in: the app, at /.
    await page.getByRole('searchbox', { name: 'Search messages' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await shot(page, 'signed-in');
    // The new password is the account's now, the old one no longer.
    const host = new URL(url).host;
    ok(await new Api(undefined).post('/fetch_api_key', { username: person.email, password: NEW_PASSWORD }, { headers: { host } }));
    expect((await new Api(undefined).post('/fetch_api_key', { username: person.email, password: person.password }, { headers: { host }, contract: false })).status).toBe(401);
  });

  it('says a used link is used, and offers a new one', async () => {
    const mail = await new Mailbox().waitFor(person.email, { subject: /Password reset request/ });
    const link = linksOf(mail).find((l) => l.includes('/accounts/password/reset/'))!;
    const other = await newPage();
    await other.goto(link);
    await other.getByRole('alert').getByText('This password reset link has already been used. Ask for a new one.').waitFor();
    await other.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await shot(other, 'used-link');
  });
});
