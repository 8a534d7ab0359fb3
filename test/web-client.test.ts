// Parley's web client (web/) end to end, in Debian's headless Chromium driven by playwright-core:
// an administrator invites by link, a new user signs up through it (confirming her address by mail), and two people chat in two
// browser contexts in real time (send, receive, react, edit, typing, unread counts), upload a
// file, search, see a settings change reach another tab and an administrator's change reach
// them; the app recovers from the server going away, shows the server's refusals as their
// `msg`, and returns to the login page when the session ends. Each main view is scanned with
// axe-core. Screenshots go to test/artifacts/web-*.png (git-ignored).
//
// It runs against a Parley of its own (test/support/own-parley.ts): the root realm of a fresh
// database, reached at the bare address as a browser reaches it (realm subdomains of 127.0.0.1
// are not hosts a browser accepts), with rate limits on and raised for many browser contexts
// from one address, as docs/configuration.md says to. The steps build on one another, in order.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ARTIFACTS, axeViolations, describeInChromium, launchChromium } from './support/browser';
import sharp from 'sharp';
import { Api } from './support/api';
import { closeFixtures, ensureRootRealm, TestUser } from './support/fixtures';
import { startOwnParley, type OwnParley } from './support/own-parley';
import { startProcess, waitFor, type Proc } from './support/processes';
import { ok } from './support/responses';
import { eventually } from './support/eventually';
import { TestSmtpServer } from './support/smtp';
import { joinThroughLink, mailedConfirmLink } from './support/invite-signup';

jest.setTimeout(120_000);

let parley: OwnParley;
let smtp: TestSmtpServer;
let again: Proc | undefined;
let browser: Browser;
let owner: TestUser;
const contexts: BrowserContext[] = [];
const problems: string[] = [];
const OWNER_PASSWORD = 'root-password';
const ALICE = { name: 'Alice Archer', email: 'alice@web.test', password: 'alice-web-password-1' };
const BOB = { name: 'Bob Baker', email: 'bob@web.test', password: 'bob-web-password-1' };
let generalId: number;
let bobApi: Api;
let aliceApi: Api;

/** A fresh browser context (its own cookies: one person), whose page errors the test collects. */
async function newPage(viewport = { width: 1280, height: 860 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  watch(page);
  return page;
}

function watch(page: Page): void {
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // A refused request is logged by the browser; the steps that expect one check its answer.
    if (msg.type() === 'error' && !/status of (4\d\d)|Failed to load resource|ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE/.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on('request', (req) => {
    if (!req.url().startsWith(parley.url) && !/^(data|blob):/.test(req.url())) problems.push(`elsewhere: ${req.url()}`);
  });
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${parley.url}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('searchbox', { name: 'Search messages' }).waitFor();
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `web-${name}.png`) });
const composeBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const sidebarLink = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Channels and views' }).getByRole('link', { name });
const messageRow = (page: Page, text: string) => page.locator('article.message', { hasText: text });
/** Retries a check until it holds (the page updates when an event arrives), for up to 15 s. */
const until = (check: () => Promise<void>) => eventually(check, 15_000);
const textOf = (locator: Locator) => locator.first().innerText();
const mailedLink = (email: string) => mailedConfirmLink(smtp, email);

describeInChromium('web-client.test.ts')('the web client in a browser', () => {
  beforeAll(async () => {
    // Sign-up confirmations are mailed: to an SMTP server of this file's.
    smtp = await TestSmtpServer.start();
    parley = await startOwnParley('web', {
      ...smtp.env,
      MAIL_POLL_MS: '100',
      // Rate limits on, raised for a handful of browser contexts from one address (each context
      // loads the app, registers, polls and fetches avatars): the bounds are configuration.
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_USER: '2000/60',
      RATE_LIMIT_ANONYMOUS: '2000/60',
      MAX_CONNECTIONS_PER_IP: '512',
    });
    parley.adopt();
    owner = (await ensureRootRealm()).owner;
    generalId = ok(await owner.api.post('/channels/create', { name: 'general', description: 'Everyone, everything', subscribers: [owner.user_id] })).id;
    // Bob joins through an invitation link by the API; Alice through the browser, below.
    const link = ok(await owner.api.post('/invites/multiuse', { invite_as: 400, stream_ids: [generalId] })).invite_link as string;
    const joined = await joinThroughLink(smtp, link, { email: BOB.email, full_name: BOB.name, password: BOB.password });
    bobApi = new Api({ email: joined.email, api_key: joined.api_key });
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await again?.stop();
    await parley?.stop();
    await smtp?.stop();
    await closeFixtures();
  });

  // Every open page after each step, kept as artifacts (what a failing step left on screen).
  let step = 0;
  afterEach(async () => {
    step++;
    for (const [c, context] of contexts.entries())
      for (const [p, page] of context.pages().entries()) await page.screenshot({ path: join(ARTIFACTS, `web-step${step}-context${c}-page${p}.png`) }).catch(() => undefined);
  });

  let ownerPage: Page;
  let alice: Page;
  let bob: Page;

  it('serves the app with a strict CSP, immutable hashed assets, and no inline script', async () => {
    const index = await fetch(`${parley.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const csp = index.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await index.text();
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    const js = await fetch(`${parley.url}${asset}`);
    expect([js.status, js.headers.get('cache-control'), js.headers.get('content-type')]).toEqual([200, 'public, max-age=31536000, immutable', 'text/javascript; charset=utf-8']);
    expect((await fetch(`${parley.url}/join/abc123/`)).headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await fetch(`${parley.url}/assets/nope.js`)).status).toBe(404);
  });

  it('refuses a wrong password with its message, then logs the owner in', async () => {
    ownerPage = await newPage();
    await ownerPage.goto(`${parley.url}/`);
    expect(await axeViolations(ownerPage)).toEqual([]);
    await ownerPage.getByLabel('Email').fill(owner.email);
    await ownerPage.getByLabel('Password').fill('not-the-password');
    await ownerPage.getByRole('button', { name: 'Log in' }).click();
    await until(async () => expect(await textOf(ownerPage.getByRole('alert'))).toMatch(/incorrect/i));
    // The login form echoes the page's pre-login CSRF token; a page whose cookie went asks for a new one.
    await ownerPage.context().clearCookies({ name: 'csrftoken' });
    await ownerPage.getByLabel('Password').fill(OWNER_PASSWORD);
    await ownerPage.getByRole('button', { name: 'Log in' }).click();
    await sidebarLink(ownerPage, /general/).waitFor();
  });

  it('an administrator creates an invitation link, and a new user signs up through it', async () => {
    await ownerPage.goto(`${parley.url}/#organization/invites`);
    await ownerPage.getByRole('checkbox', { name: '#general' }).check();
    await ownerPage.getByRole('button', { name: 'Create invitation link' }).click();
    const link = await ownerPage.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${parley.url}/join/[A-Za-z0-9]+/$`));
    expect(await axeViolations(ownerPage)).toEqual([]);
    await shot(ownerPage, 'invitations');

    alice = await newPage();
    await alice.goto(link);
    await alice.getByRole('heading', { name: /Join Root realm/ }).waitFor();
    expect(await axeViolations(alice)).toEqual([]);
    // The link asks for the address, and mails it a confirmation whose link asks the rest.
    await alice.getByLabel('Email').fill(ALICE.email);
    await alice.getByRole('button', { name: 'Sign up' }).click();
    await alice.getByRole('heading', { name: 'Check your email' }).waitFor();
    await alice.goto(await mailedLink(ALICE.email));
    await alice.getByRole('heading', { name: /Join Root realm/ }).waitFor();
    expect(await axeViolations(alice)).toEqual([]);
    await alice.getByLabel('Your name').fill(ALICE.name);
    await alice.getByLabel('Password').fill('short');
    await alice.getByRole('button', { name: 'Sign up' }).click();
    await until(async () => expect(await textOf(alice.getByRole('alert'))).toMatch(/password is too weak/i));
    await alice.getByLabel('Password').fill(ALICE.password);
    await alice.getByRole('button', { name: 'Sign up' }).click();
    // Signed up and in: the invitation's channel is in her sidebar.
    await sidebarLink(alice, /general/).waitFor();
    expect(new URL(alice.url()).pathname).toBe('/');
    const key = ok(await owner.api.get('/users')).members.find((u: { email: string }) => u.email === ALICE.email);
    expect(key).toBeDefined();
    aliceApi = new Api({ email: ALICE.email, api_key: ok(await new Api().post('/fetch_api_key', { username: ALICE.email, password: ALICE.password })).api_key });
  });

  it('two people chat in real time: send, receive, unread counts, read, typing', async () => {
    bob = await newPage();
    await logIn(bob, BOB.email, BOB.password);
    await bob.goto(`${parley.url}/#inbox`);
    await alice
      .getByRole('navigation', { name: 'Channels and views' })
      .getByRole('link', { name: /general/ })
      .click();
    await alice.getByRole('combobox', { name: 'Topic' }).fill('lunch');
    // Alice types: Bob, in the topic, sees her typing.
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/lunch`);
    await composeBox(alice).fill('Shall we');
    await bob.getByText(`${ALICE.name} is typing…`).waitFor();
    await bob.goto(`${parley.url}/#inbox`);
    await composeBox(alice).fill('Lunch at **noon**? :tada:');
    await alice.getByRole('button', { name: 'Send', exact: true }).click();
    await messageRow(alice, 'Lunch at noon?').waitFor();
    // Bob, elsewhere, sees the unread count without reloading.
    await until(async () => expect(await textOf(sidebarLink(bob, /general/))).toMatch(/1/));
    await until(async () => expect(await bob.title()).toMatch(/^\(1\) /));
    await bob.getByRole('link', { name: 'lunch' }).first().click();
    const row = messageRow(bob, 'Lunch at noon?');
    await row.waitFor();
    expect(await row.locator('strong', { hasText: 'noon' }).count()).toBe(1);
    // Seen, so read: the count goes.
    await until(async () => expect(await textOf(sidebarLink(bob, /general/))).not.toMatch(/\d/));
    expect(await axeViolations(bob)).toEqual([]);
    await shot(bob, 'feed');
  });

  it('reacts, edits, and each side sees the other do it', async () => {
    const bobRow = messageRow(bob, 'Lunch at noon?');
    await bobRow.hover();
    await bobRow.getByRole('button', { name: 'Add emoji reaction' }).click();
    await bob.getByRole('textbox', { name: 'Search emoji' }).fill('octopus');
    await bob.getByRole('button', { name: 'octopus', exact: true }).click();
    await messageRow(alice, 'Lunch at noon?').getByRole('button', { name: 'octopus: 1' }).waitFor();
    // Alice toggles the same reaction on: 2.
    await messageRow(alice, 'Lunch at noon?').getByRole('button', { name: 'octopus: 1' }).click();
    await messageRow(bob, 'Lunch at noon?').getByRole('button', { name: 'octopus: 2' }).waitFor();

    const aliceRow = messageRow(alice, 'Lunch at noon?');
    await aliceRow.hover();
    await aliceRow.getByRole('button', { name: 'Message actions' }).click();
    await alice.getByRole('menuitem', { name: 'Edit message' }).click();
    await alice.getByRole('textbox', { name: 'Edit message' }).fill('Lunch at **one** instead?');
    await alice.getByRole('button', { name: 'Save' }).click();
    const edited = messageRow(bob, 'Lunch at one instead?');
    await edited.waitFor();
    expect(await textOf(edited.locator('.edit-mark'))).toBe('EDITED');
  });

  it("shows a message's edit history and read receipts, and sets a reminder about it", async () => {
    const row = messageRow(bob, 'Lunch at one instead?');
    const menu = async (item: string) => {
      await row.hover();
      await row.getByRole('button', { name: 'Message actions' }).click();
      await bob.getByRole('menuitem', { name: item }).click();
    };
    await menu('View edit history');
    const history = bob.getByRole('dialog', { name: 'Message edit history' });
    await until(async () => expect(await history.locator('li').count()).toBe(2));
    expect(await textOf(history.locator('li').nth(0))).toMatch(/^Sent by Alice Archer[\s\S]*Lunch at noon\?/);
    expect(await textOf(history.locator('li').nth(1))).toMatch(/^Edited by Alice Archer[\s\S]*Lunch at one instead\?/);
    expect(await axeViolations(bob)).toEqual([]);
    await history.press('Escape');
    await menu('View read receipts');
    const receipts = bob.getByRole('dialog', { name: 'Read receipts' });
    // Bob, reading it here; never the sender (Alice), as Zulip's list leaves the sender out.
    await until(async () => expect(await receipts.locator('li').allInnerTexts()).toEqual([BOB.name]));
    expect(await textOf(receipts)).toMatch(/read by 1 person/);
    await receipts.getByRole('button', { name: 'Close' }).click();
    await menu('Remind me about this');
    await bob.getByRole('dialog', { name: 'Remind me about this message' }).getByRole('button', { name: 'In 20 minutes' }).click();
    await bob.getByText(/^Reminder set for/).waitFor();
    const reminders = ok(await bobApi.get('/reminders', {}, { contract: false })).reminders as { reminder_id: number; reminder_target_message_id: number; scheduled_delivery_timestamp: number }[];
    expect(reminders).toHaveLength(1);
    expect(reminders[0].scheduled_delivery_timestamp - Date.now() / 1000).toBeGreaterThan(15 * 60);
    ok(await bobApi.delete(`/reminders/${reminders[0].reminder_id}`, {}, { contract: false }));
  });

  it('uploads a file with progress, and the other side sees the link', async () => {
    await alice
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'menu.txt', mimeType: 'text/plain', buffer: Buffer.from('Soup of the day: tomato\n') });
    await until(async () => expect(await composeBox(alice).inputValue()).toMatch(/\[menu\.txt\]\(\/user_uploads\/[^)]+\)/));
    await alice.getByRole('button', { name: 'Send', exact: true }).click();
    const link = messageRow(bob, 'menu.txt').getByRole('link', { name: 'menu.txt' });
    await link.waitFor();
    const href = await link.getAttribute('href');
    // Bob's session can fetch it.
    const body = await bob.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(body).toBe('Soup of the day: tomato\n');
  });

  it("opens a message's image in the viewer, and closes it with Escape", async () => {
    // A 40×30 PNG, so the server makes thumbnails and renders it inline, as Zulip does.
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3b7' } })
      .png()
      .toBuffer();
    await alice.locator('input[type=file]').first().setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: png });
    await until(async () => expect(await composeBox(alice).inputValue()).toMatch(/\[garden\.png\]\(\/user_uploads\/[^)]+\)/));
    await alice.getByRole('button', { name: 'Send', exact: true }).click();
    const thumbnail = messageRow(bob, 'garden.png').locator('.message_inline_image img');
    await thumbnail.waitFor();
    await thumbnail.click();
    const viewer = bob.getByRole('dialog', { name: 'garden.png' });
    await viewer.waitFor();
    const original = await viewer.getByRole('img', { name: 'garden.png' }).getAttribute('src');
    expect(original).toMatch(/^\/user_uploads\/\d+\/.+\/garden\.png$/);
    await until(async () => expect(await viewer.getByRole('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(40));
    expect(await axeViolations(bob)).toEqual([]);
    await shot(bob, 'lightbox');
    await bob.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });

  it('sends a direct message from the people list, and the other side gets it with its count', async () => {
    await alice
      .getByRole('complementary', { name: 'People' })
      .getByRole('link', { name: /Bob Baker/ })
      .click();
    await alice.getByRole('heading', { name: `Direct messages with ${BOB.name}` }).waitFor();
    await composeBox(alice).fill('Psst: the cake is in the fridge.');
    await composeBox(alice).press('Control+Enter');
    await messageRow(alice, 'the cake is in the fridge').waitFor();
    const dmLink = bob
      .getByRole('navigation', { name: 'Channels and views' })
      .locator('ul.dms')
      .getByRole('link', { name: /Alice Archer/ });
    await until(async () => expect(await textOf(dmLink)).toMatch(/1/));
    await dmLink.click();
    await messageRow(bob, 'the cake is in the fridge').waitFor();
    expect(await textOf(bob.locator('.recipient-bar').first())).toMatch(/You and Alice Archer/);
  });

  it('searches with narrow operators', async () => {
    ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'ideas', content: 'The quarterly zeppelin review' }));
    await bob.getByRole('searchbox', { name: 'Search messages' }).fill('channel:general zeppelin');
    await bob.getByRole('searchbox', { name: 'Search messages' }).press('Enter');
    await messageRow(bob, 'quarterly zeppelin').waitFor();
    expect(await bob.locator('article.message').count()).toBe(1);
    expect(await textOf(bob.getByRole('heading', { level: 1 }))).toMatch(/Search: channel:general zeppelin/);
    expect(bob.url()).toContain('#narrow/channel/');
  });

  it('scrolls through history both ways, loading older and newer messages', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 120; i++) ids.push(ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'history', content: `history line ${i}.` })).id);
    const scrollLog = (to: 'top' | 'bottom') =>
      bob.evaluate((where) => {
        const log = (globalThis as unknown as { document: { querySelector(s: string): { scrollTop: number; scrollHeight: number } } }).document.querySelector('[role=log]');
        log.scrollTop = where === 'top' ? 0 : log.scrollHeight;
      }, to);
    // Opened at the first unread message (the first of them): newer ones load as Bob scrolls down.
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/history`);
    await messageRow(bob, 'history line 0.').waitFor();
    await until(async () => {
      await scrollLog('bottom');
      expect(await messageRow(bob, 'history line 119.').count()).toBe(1);
    });

    await bob.goto(`${parley.url}/#inbox`);
    // Opened at a message near the end (a link's /near/): older ones load as Bob scrolls up.
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/history/near/${ids[110]}`);
    await messageRow(bob, 'history line 110.').waitFor();
    expect(await messageRow(bob, 'history line 0.').count()).toBe(0);
    await until(async () => {
      await scrollLog('top');
      expect(await messageRow(bob, 'history line 0.').count()).toBe(1);
    });
    await bob.getByText('This is the beginning of the conversation.').waitFor();
  });

  it('stars, quotes, moves and resolves a topic through the message menu', async () => {
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/ideas`);
    const row = messageRow(bob, 'quarterly zeppelin');
    await row.hover();
    await row.getByRole('button', { name: 'Star this message' }).click();
    // Starred once the server says so (its event): the starred view fetched before that would miss it.
    await row.getByRole('button', { name: 'Unstar this message' }).waitFor();
    await bob.goto(`${parley.url}/#narrow/is/starred`);
    await messageRow(bob, 'quarterly zeppelin').waitFor();
    // Quote and reply: the quote goes into the compose box, addressed to the message's topic.
    await messageRow(bob, 'quarterly zeppelin').hover();
    await messageRow(bob, 'quarterly zeppelin').getByRole('button', { name: 'Message actions' }).click();
    await bob.getByRole('menuitem', { name: 'Quote and reply' }).click();
    await until(async () => expect(await composeBox(bob).inputValue()).toMatch(/```quote\nThe quarterly zeppelin review\n```/));
    expect(await bob.getByRole('combobox', { name: 'Topic' }).inputValue()).toBe('ideas');
    await composeBox(bob).fill('');
    // Rename the topic (move), then resolve it: Alice's view follows both.
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/ideas`);
    await messageRow(bob, 'quarterly zeppelin').hover();
    await messageRow(bob, 'quarterly zeppelin').getByRole('button', { name: 'Message actions' }).click();
    await bob.getByRole('menuitem', { name: 'Move or rename topic' }).click();
    await bob.getByRole('dialog', { name: 'Move messages' }).getByRole('textbox', { name: 'Topic' }).fill('airships');
    await bob.getByRole('button', { name: 'Move', exact: true }).click();
    await alice.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/airships`);
    await messageRow(alice, 'quarterly zeppelin').waitFor();
    await messageRow(alice, 'quarterly zeppelin').hover();
    await messageRow(alice, 'quarterly zeppelin').getByRole('button', { name: 'Message actions' }).click();
    await alice.getByRole('menuitem', { name: 'Mark topic as resolved' }).click();
    await until(async () => expect(await textOf(alice.locator('.recipient-bar').first())).toContain('✔ airships'));
  });

  it('shows a desktop notification for a direct message, once the browser allows them', async () => {
    await bob.context().grantPermissions(['notifications']);
    const watcher = await bob.context().newPage();
    watch(watcher);
    // The page in the background (no focus), and the notifications it shows recorded.
    await watcher.addInitScript(() => {
      const w = globalThis as unknown as { document: { hasFocus(): boolean }; Notification: unknown; shown: string[] };
      w.shown = [];
      w.document.hasFocus = () => false;
      w.Notification = class {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        onclick: unknown = null;
        constructor(title: string, options: { body?: string }) {
          w.shown.push(`${title}: ${options.body ?? ''}`);
        }
      };
    });
    await watcher.goto(`${parley.url}/#inbox`);
    await watcher.getByRole('heading', { name: 'Inbox' }).waitFor();
    ok(await aliceApi.post('/messages', { type: 'direct', to: [ok(await bobApi.get('/users/me')).user_id], content: 'Are you free at four?' }));
    ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'chatter', content: 'Nothing for Bob here.' }));
    await until(async () => expect(await watcher.evaluate(() => (globalThis as unknown as { shown: string[] }).shown)).toEqual([`${ALICE.name} (Direct message): Are you free at four?`]));
    await watcher.close();
  });

  it('an administrator adds a linkifier, and messages link by it', async () => {
    await ownerPage.goto(`${parley.url}/#organization/linkifiers`);
    await ownerPage.getByRole('textbox', { name: 'Pattern' }).fill('#(?P<id>[0-9]+)');
    await ownerPage.getByRole('textbox', { name: 'URL template' }).fill('https://tracker.example/issues/{id}');
    await ownerPage.getByRole('button', { name: 'Add linkifier' }).click();
    await ownerPage.getByText('https://tracker.example/issues/{id}').waitFor();
    expect(await axeViolations(ownerPage)).toEqual([]);
    ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'bugs', content: 'Fixed #123 today.' }));
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/bugs`);
    expect(await messageRow(bob, 'Fixed').getByRole('link', { name: '#123' }).getAttribute('href')).toBe('https://tracker.example/issues/123');
  });

  it('browses all channels, and leaves and joins one', async () => {
    ok(await owner.api.post('/channels/create', { name: 'book club', description: 'Reading together', subscribers: [owner.user_id] }));
    await bob.goto(`${parley.url}/#channels/all`);
    const card = bob.locator('.channel-card', { hasText: 'book club' });
    await card.getByRole('button', { name: 'Join' }).click();
    await sidebarLink(bob, /book club/).waitFor();
    expect(await axeViolations(bob)).toEqual([]);
    await card.getByRole('button', { name: 'Leave' }).click();
    await until(async () => expect(await sidebarLink(bob, /book club/).count()).toBe(0));
  });

  it('schedules a message to send later, lists it, and cancels it', async () => {
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/plans`);
    await composeBox(bob).fill('Reminder: the retro is at three.');
    await bob.getByRole('button', { name: 'Send later' }).click();
    await bob.getByLabel('Send at').fill('2099-01-01T09:00');
    await bob.getByRole('button', { name: 'Schedule', exact: true }).click();
    await bob.goto(`${parley.url}/#scheduled`);
    const card = bob.locator('.card', { hasText: 'the retro is at three' });
    await card.waitFor();
    expect(await axeViolations(bob)).toEqual([]);
    // Edited in place: its text, topic and time; the server's refusal of a past time is shown.
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = bob.getByRole('form', { name: 'Edit the scheduled message' });
    await form.getByLabel('Send at').fill('2001-01-01T09:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: 'Scheduled delivery time must be in the future.' }).waitFor();
    expect(await axeViolations(bob)).toEqual([]);
    await shot(bob, 'scheduled-edit');
    await form.getByLabel('Message').fill('Reminder: the retro moved to four.');
    await form.getByLabel('Topic').fill('retro');
    await form.getByLabel('Send at').fill('2099-01-02T16:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const moved = bob.locator('.card', { hasText: 'the retro moved to four' });
    await moved.waitFor();
    expect(await textOf(moved.getByRole('link'))).toBe('#general › retro');
    const [scheduled] = ok(await bobApi.get('/scheduled_messages')).scheduled_messages;
    expect(scheduled).toMatchObject({ content: 'Reminder: the retro moved to four.', topic: 'retro', scheduled_delivery_timestamp: new Date(2099, 0, 2, 16, 0).getTime() / 1000 });
    await moved.getByRole('button', { name: 'Cancel' }).click();
    await until(async () => expect(await moved.count()).toBe(0));
  });

  it('restores a draft from the Drafts view into the compose box', async () => {
    ok(await bobApi.post('/drafts', { drafts: [{ type: 'stream', to: [generalId], topic: 'plans', content: 'Half-written thought about the offsite', timestamp: Math.floor(Date.now() / 1000) }] }));
    await bob.goto(`${parley.url}/#drafts`);
    const card = bob.locator('.card', { hasText: 'Half-written thought' });
    await card.waitFor();
    expect(await textOf(card.getByRole('link'))).toBe('#general › plans');
    expect(await axeViolations(bob)).toEqual([]);
    await card.getByRole('button', { name: 'Restore' }).click();
    await until(async () => expect(await composeBox(bob).inputValue()).toBe('Half-written thought about the offsite'));
    expect(await bob.getByRole('combobox', { name: 'Topic' }).inputValue()).toBe('plans');
    // Restoring takes it off the list; the compose box keeps it as a draft of its own.
    await until(async () => expect(ok(await bobApi.get('/drafts')).drafts.map((d: { content: string }) => d.content)).not.toContain('Half-written thought about the offsite'));
    await composeBox(bob).fill('');
  });

  it('adds and checks off tasks in a to-do list, and the other side sees them', async () => {
    ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'trip', content: '/todo Trip prep\nBook tickets: by Friday' }));
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/trip`);
    const list = messageRow(bob, 'Trip prep');
    // The list stands in place of the message's text, as in Zulip's web app.
    await list.getByRole('heading', { name: 'Trip prep' }).waitFor();
    expect(await list.getByText('/todo').count()).toBe(0);
    await list.getByRole('textbox', { name: 'New task' }).fill('Pack bags');
    await list.getByRole('button', { name: 'Add task' }).click();
    // A box shows what the server has: it turns when the submessage's event comes back.
    await list.getByRole('checkbox', { name: /Book tickets/ }).click();
    await until(async () => expect(await list.getByRole('checkbox', { name: /Book tickets/ }).isChecked()).toBe(true));
    await alice.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/trip`);
    const hers = messageRow(alice, 'Trip prep');
    await until(async () => expect(await hers.getByRole('checkbox', { name: /Book tickets/ }).isChecked()).toBe(true));
    expect(await hers.getByRole('checkbox', { name: /Pack bags/ }).isChecked()).toBe(false);
    await hers.getByRole('checkbox', { name: /Pack bags/ }).click();
    await until(async () => expect(await list.getByRole('checkbox', { name: /Pack bags/ }).isChecked()).toBe(true));
    await shot(bob, 'todo');
  });

  it("reports a message, and the report reaches the organization's moderation channel", async () => {
    const moderation = ok(await owner.api.post('/channels/create', { name: 'moderation', invite_only: true, subscribers: [owner.user_id] })).id;
    ok(await owner.api.patch('/realm', { moderation_request_channel_id: moderation }, { contract: 'envelope' }));
    ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'trip', content: 'Buy cheap watches here' }));
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/trip`);
    const row = messageRow(bob, 'cheap watches');
    await row.hover();
    await row.getByRole('button', { name: 'Message actions' }).click();
    await bob.getByRole('menuitem', { name: 'Report message' }).click();
    const dialog = bob.getByRole('dialog', { name: 'Report message' });
    expect(await axeViolations(bob)).toEqual([]);
    await dialog.getByLabel('Details').fill('Looks like an advert.');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await bob.getByText('Thanks: the moderators have your report.').waitFor();
    await until(async () => {
      const reports = ok(await owner.api.get('/messages', { anchor: 'newest', num_before: 5, num_after: 0, narrow: JSON.stringify([{ operator: 'channel', operand: moderation }]) })).messages;
      expect(reports.map((m: { content: string }) => m.content).join('\n')).toMatch(/Looks like an advert\.[\s\S]*cheap watches/);
    });
  });

  it('an administrator adds profile fields, and a member fills hers in', async () => {
    await ownerPage.goto(`${parley.url}/#organization/profile-fields`);
    const add = ownerPage.getByRole('form', { name: 'Add a profile field' });
    await add.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'List of options' });
    await add.getByLabel('Field name').fill('Editor');
    await add.getByLabel('Options (one per line)').fill('Vim\nEmacs');
    await add.getByRole('button', { name: 'Add field' }).click();
    await ownerPage.locator('li', { hasText: /^Editor List of options/ }).waitFor();
    await add.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Short text' });
    await add.getByLabel('Field name').fill('Team');
    await add.getByLabel('Hint').fill('Which team are you on?');
    await add.getByRole('button', { name: 'Add field' }).click();
    await ownerPage.locator('li', { hasText: /^Team Short text/ }).waitFor();
    expect(await axeViolations(ownerPage)).toEqual([]);
    const fields = ok(await aliceApi.get('/realm/profile_fields', {}, { contract: false })).custom_fields as { id: number; name: string; type: number; field_data: string }[];
    const editor = fields.find((f) => f.name === 'Editor')!;
    const team = fields.find((f) => f.name === 'Team')!;
    expect(editor.type).toBe(3);
    const emacs = Object.entries(JSON.parse(editor.field_data) as Record<string, { text: string }>).find(([, o]) => o.text === 'Emacs')![0];

    await alice.goto(`${parley.url}/#settings/profile`);
    await alice.getByRole('combobox', { name: 'Editor' }).selectOption({ label: 'Emacs' });
    await alice.getByText('Which team are you on?').waitFor();
    await alice.getByRole('textbox', { name: 'Team' }).fill('Platform');
    await alice.getByRole('textbox', { name: 'Team' }).press('Enter');
    expect(await axeViolations(alice)).toEqual([]);
    await shot(alice, 'profile-fields');
    const profileOf = async () => ok(await owner.api.get(`/users/${ok(await aliceApi.get('/users/me')).user_id}`, { include_custom_profile_fields: true })).user.profile_data;
    await until(async () => expect(await profileOf()).toMatchObject({ [editor.id]: { value: emacs }, [team.id]: { value: 'Platform' } }));
    // Saved empty, a value is cleared.
    await alice.getByRole('textbox', { name: 'Team' }).fill('');
    await alice.getByRole('textbox', { name: 'Team' }).press('Enter');
    await until(async () => expect(await profileOf()).not.toHaveProperty(String(team.id)));
  });

  it("opens a sender's card: role, profile values and actions", async () => {
    await ownerPage.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/trip`);
    await messageRow(ownerPage, 'Trip prep').getByRole('button', { name: ALICE.name }).click();
    const card = ownerPage.getByRole('dialog', { name: `About ${ALICE.name}` });
    await card.waitFor();
    expect(await textOf(card)).toMatch(/Member[\s\S]*alice@web\.test[\s\S]*Editor\s*Emacs/);
    expect(await axeViolations(ownerPage)).toEqual([]);
    await shot(ownerPage, 'user-card');
    await card.getByRole('button', { name: 'Mute' }).click();
    const aliceId = ok(await aliceApi.get('/users/me')).user_id;
    await until(async () =>
      expect(ok(await owner.api.post('/register', { fetch_event_types: JSON.stringify(['muted_users']) })).muted_users?.map((m: { id: number }) => m.id) ?? []).toContain(aliceId),
    );
    // The muted sender's messages keep their place, hidden until revealed, as in Zulip.
    await messageRow(ownerPage, 'This message was hidden because you have muted the sender.').first().waitFor();
    expect(await ownerPage.getByText('Buy cheap watches here').count()).toBe(0);
    await card.getByRole('button', { name: 'Unmute' }).click();
    await card.getByRole('button', { name: 'Mute' }).waitFor();
    await card.getByRole('button', { name: 'View messages sent' }).click();
    await ownerPage.waitForURL(new RegExp(`#narrow/sender/${aliceId}-Alice-Archer$`));
    await messageRow(ownerPage, 'cheap watches').waitFor();
    const senders = await ownerPage.locator('article.message .sender').allInnerTexts();
    expect(new Set(senders)).toEqual(new Set([ALICE.name]));
  });

  it('votes in a poll, and the author sees the vote', async () => {
    ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'food', content: '/poll Where for lunch?\nPizza place\nTaco truck' }));
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/food`);
    await messageRow(bob, 'Where for lunch?')
      .getByRole('button', { name: /vote for Taco truck/ })
      .click();
    await alice.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/food`);
    await until(async () => expect(await textOf(messageRow(alice, 'Where for lunch?').locator('li', { hasText: 'Taco truck' }))).toMatch(/^1\b[\s\S]*Taco truck[\s\S]*Bob Baker/));
  });

  it('lists a mention of Bob in his Mentions view', async () => {
    ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'food', content: '@**Bob Baker** are you coming?' }));
    await bob.goto(`${parley.url}/#narrow/is/mentioned`);
    await messageRow(bob, 'are you coming?').waitFor();
    expect(await messageRow(bob, 'are you coming?').locator('.user-mention').count()).toBe(1);
  });

  it('an administrator adds a custom emoji, and a message shows it', async () => {
    await ownerPage.goto(`${parley.url}/#organization/emoji`);
    await ownerPage.getByLabel('Emoji name').fill('parley_dot');
    await ownerPage
      .getByLabel('Image')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64') });
    await ownerPage.getByRole('button', { name: 'Add emoji' }).click();
    await ownerPage.getByText(':parley_dot:').waitFor();
    ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'food', content: 'Dot :parley_dot: dot' }));
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/food`);
    await messageRow(bob, 'Dot').locator('img.emoji[alt=":parley_dot:"]').waitFor();
  });

  it('a settings change reaches the same user’s other tab', async () => {
    const second = await alice.context().newPage();
    watch(second);
    await second.goto(`${parley.url}/#inbox`);
    await second.getByRole('heading', { name: 'Inbox' }).waitFor();
    await alice.goto(`${parley.url}/#settings/preferences`);
    expect(await axeViolations(alice)).toEqual([]);
    await alice.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
    await until(async () => expect(await second.locator('html').getAttribute('data-theme')).toBe('dark'));
    await shot(second, 'dark');
    await second.close();
  });

  it('sets the mails Parley sends when one is away: Settings → Notifications → Email', async () => {
    await alice.goto(`${parley.url}/#settings/notifications`);
    await alice.getByRole('heading', { name: 'Email' }).waitFor();
    expect(await axeViolations(alice)).toEqual([]);
    const setting = async (name: string) => ok(await aliceApi.post('/register', { fetch_event_types: ['user_settings'] })).user_settings[name];
    const offline = alice.getByRole('checkbox', { name: "Email me direct messages and mentions when I'm away" });
    expect(await offline.isChecked()).toBe(true);
    // The box shows the setting once the server has it (a controlled input): click, then wait.
    await offline.click();
    await until(async () => expect(await setting('enable_offline_email_notifications')).toBe(false));
    await until(async () => expect(await offline.isChecked()).toBe(false));
    await alice.getByRole('combobox', { name: 'Delay before sending message notification emails' }).selectOption({ label: '10 minutes' });
    await until(async () => expect(await setting('email_notifications_batching_period_seconds')).toBe(600));
    await alice.getByRole('combobox', { name: 'Include organization name in subject of message notification emails' }).selectOption({ label: 'Never' });
    await until(async () => expect(await setting('realm_name_in_email_notifications_policy')).toBe(3));
    await offline.click();
    await until(async () => expect(await setting('enable_offline_email_notifications')).toBe(true));
    await until(async () => expect(await offline.isChecked()).toBe(true));
  });

  it("an administrator's change reaches everyone: a renamed channel", async () => {
    await ownerPage.goto(`${parley.url}/#organization/channels`);
    expect(await axeViolations(ownerPage)).toEqual([]);
    const name = ownerPage.getByRole('textbox', { name: 'Name of #general' });
    await name.fill('town square');
    await name.press('Enter');
    await sidebarLink(bob, /town square/).waitFor();
    await sidebarLink(alice, /town square/).waitFor();
  });

  it("shows the server's refusal as its msg: a member may not create invitation links", async () => {
    await bob.goto(`${parley.url}/#organization/invites`);
    await bob.getByRole('button', { name: 'Create invitation link' }).click();
    await bob.getByRole('alert').filter({ hasText: 'Insufficient permission' }).waitFor();
  });

  it('works in a narrow window: one column, the sidebar behind a button', async () => {
    const phone = await newPage({ width: 390, height: 800 });
    await logIn(phone, BOB.email, BOB.password);
    expect(await phone.getByRole('navigation', { name: 'Channels and views' }).isHidden()).toBe(true);
    await phone.getByRole('button', { name: 'Channels and views' }).click();
    await sidebarLink(phone, /town square/).click();
    await phone.getByRole('heading', { name: '#town square' }).waitFor();
    await phone.locator('article.message').first().waitFor();
    expect(await axeViolations(phone)).toEqual([]);
    await shot(phone, 'narrow');
  });

  it('shows reconnecting while the server is down, and catches up without a reload', async () => {
    await bob.goto(`${parley.url}/#narrow/channel/${generalId}-town-square/topic/lunch`);
    await messageRow(bob, 'Lunch at one instead?').waitFor();
    await parley.server.stop();
    await bob.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ timeout: 60_000 });
    again = startProcess('all-in-one (web, restarted)', 'services/runner/dist/all-in-one.js', parley.env);
    await waitFor(`${parley.url}/api/v1/server_settings`, [again], 60_000);
    ok(await aliceApi.post('/messages', { type: 'stream', to: generalId, topic: 'lunch', content: 'Back online, still hungry' }));
    // The old queue is gone: the client registers again and refetches the feed.
    await messageRow(bob, 'Back online, still hungry').waitFor({ timeout: 60_000 });
    await until(async () => expect(await bob.getByRole('status').filter({ hasText: 'Reconnecting…' }).count()).toBe(0));
  });

  it('logging out in one tab returns the other tabs to the login page', async () => {
    const other = await bob.context().newPage();
    watch(other);
    await other.goto(`${parley.url}/#inbox`);
    await other.getByRole('heading', { name: 'Inbox' }).waitFor();
    await bob.getByRole('button', { name: 'Log out' }).click();
    await bob.getByRole('heading', { name: 'Log in to Parley' }).waitFor();
    await other.getByText('Your session ended. Log in again.').waitFor({ timeout: 60_000 });
    expect(ok(await bobApi.get('/users/me')).email).toBe(BOB.email);
  });

  it("an administrator changes a member's role and resets their password", async () => {
    await ownerPage.goto(`${parley.url}/#organization/users`);
    expect(await axeViolations(ownerPage)).toEqual([]);
    await ownerPage.getByRole('combobox', { name: `Role of ${BOB.name}` }).selectOption({ label: 'Moderator' });
    await until(async () => expect(ok(await bobApi.get('/users/me')).role).toBe(300));
    const row = ownerPage.locator('tr', { hasText: BOB.email });
    await row.getByRole('button', { name: 'Reset password' }).click();
    await ownerPage.getByLabel(`New password for ${BOB.name}`).fill('bob-new-password-2');
    await ownerPage.getByRole('button', { name: 'Set', exact: true }).click();
    await ownerPage.getByText(`${BOB.name}'s password is reset.`).waitFor();
    const fresh = await newPage();
    await logIn(fresh, BOB.email, 'bob-new-password-2');
    await fresh.getByRole('heading', { name: 'Inbox' }).waitFor();
  });

  it('a member changes their password in Settings: their other browser returns to the login page, this one stays', async () => {
    const [here, elsewhere] = [await newPage(), await newPage()];
    await logIn(here, BOB.email, 'bob-new-password-2');
    await logIn(elsewhere, BOB.email, 'bob-new-password-2');
    await here.goto(`${parley.url}/#settings/account`);
    await here.getByLabel('Current password').fill('bob-new-password-2');
    await here.getByLabel('New password').fill('bob-new-password-3');
    await here.getByRole('button', { name: 'Change password' }).click();
    await here.getByText('Your password is changed.').waitFor();
    // Loaded again (rather than waiting out a long poll), each page registers with its session.
    await until(async () => {
      await elsewhere.reload();
      await elsewhere.getByRole('heading', { name: 'Log in to Parley' }).waitFor({ timeout: 5000 });
    });
    await here.goto(`${parley.url}/#inbox`);
    await here.reload();
    await here.getByRole('heading', { name: 'Inbox' }).waitFor();
  });

  it('an administrator deactivates a user, whose open app returns to the login page', async () => {
    const link = ok(await owner.api.post('/invites/multiuse', { invite_as: 400, stream_ids: [generalId] })).invite_link as string;
    const carol = { email: 'carol@web.test', password: 'carol-web-password-1' };
    await joinThroughLink(smtp, link, { ...carol, full_name: 'Carol Cole' });
    const page = await newPage();
    await logIn(page, carol.email, carol.password);
    await ownerPage.goto(`${parley.url}/#organization/users`);
    const row = ownerPage.locator('tr', { hasText: carol.email });
    ownerPage.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await row.getByRole('button', { name: 'Reactivate' }).waitFor();
    await page.getByText('Your session ended. Log in again.').waitFor({ timeout: 60_000 });
    await page.getByLabel('Email').fill(carol.email);
    await page.getByLabel('Password').fill(carol.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /deactivated/i })
      .waitFor();
  });

  it('loaded nothing from another host, and logged no error', () => {
    expect(problems).toEqual([]);
  });
});
