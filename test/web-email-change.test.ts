// The web client's email change, in Debian's headless Chromium against a Parley of its own whose
// mail goes to a real SMTP server in this test: Settings → Profile asks for the new address and
// says to check that mailbox; the mailed link, followed in the browser, changes the address,
// and the settings page shows it. Screenshots go to test/artifacts/web-email-change-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, describeInChromium, launchChromium } from './support/browser';
import { closeFixtures, ensureRootRealm, TestUser } from './support/fixtures';
import { startOwnParley, type OwnParley } from './support/own-parley';
import { linksOf, TestSmtpServer } from './support/smtp';

jest.setTimeout(120_000);

let parley: OwnParley;
let smtp: TestSmtpServer;
let browser: Browser;
let owner: TestUser;

describeInChromium('web-email-change.test.ts')('changing one’s email in the web client', () => {
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    parley = await startOwnParley('email_change', { ...smtp.env, MAIL_POLL_MS: '100' });
    parley.adopt();
    owner = (await ensureRootRealm()).owner;
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await parley?.stop();
    await smtp?.stop();
    await closeFixtures();
  });

  it('says to check the new mailbox, and the mailed link changes the address', async () => {
    const page: Page = await (await browser.newContext()).newPage();
    await page.goto(`${parley.url}/`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill('root-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('searchbox', { name: 'Search messages' }).waitFor();

    await page.goto(`${parley.url}/#settings/profile`);
    const form = page.getByRole('form', { name: 'Change email address' });
    // A refusal shows the server's words.
    await form.getByLabel('New email address').fill('not-an-address@');
    await form.getByRole('button', { name: 'Change email' }).click();
    await form.getByRole('alert').filter({ hasText: 'Invalid address.' }).waitFor();

    const target = `new-owner-${Date.now().toString(36)}@web.test`;
    await form.getByLabel('New email address').fill(target);
    await form.getByRole('button', { name: 'Change email' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: `Check your email (${target}) to confirm the new address.` })
      .waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'web-email-change-check.png') });
    // Nothing changes until the link is followed.
    await form.getByText(`Email: ${owner.email}`).waitFor();

    const mail = await smtp.waitFor(target, { subject: /Verify your new email address/ });
    const link = linksOf(mail).find((l) => l.includes('/accounts/confirm_new_email/'))!;
    const confirm = await (await browser.newContext()).newPage();
    await confirm.goto(link);
    await confirm.getByRole('heading', { name: 'Email address updated' }).waitFor();
    await confirm.getByText(`changed from ${owner.email} to ${target}`).waitFor();
    await confirm.screenshot({ path: join(ARTIFACTS, 'web-email-change-done.png') });

    // The open app hears of it (realm_user update) and shows the new address.
    await form.getByText(`Email: ${target}`).waitFor();
    await smtp.waitFor(owner.email, { subject: /Email address changed/ });
  });
});
