// The web client's keyboard shortcuts (web/src/lib/hotkeys.ts), end to end in Debian's headless
// Chromium driven by playwright-core, by keyboard alone: select messages with j/k/Home/End,
// reply with r and send, star with Ctrl+S, react with + and =, mark unread with Shift+U, open
// the message menu (i) and the emoji picker (:), quote (>), forward (<), collapse (-), edit (e),
// the help dialog (?, scanned by axe-core), format in the compose box (Ctrl+B, Ctrl+I,
// Ctrl+Shift+L), preview (Alt+P) and follow it (Ctrl+.), go places with n, p, s, Shift+R, *,
// Shift+I, t, a, q, w, d and Escape, list a channel's topics (y), move through a list (j/k)
// and open the gear menu (g).
// Each result is checked on screen and, where the server keeps it, through the API.
//
// Set up as test/web-client.test.ts is: a Parley of its own, the root realm of a fresh
// database, reached at the bare address. Screenshots go to test/artifacts/keys-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, axeViolations, describeInChromium, launchChromium } from './support/browser';
import { Api, type Params } from './support/api';
import { closeFixtures, ensureRootRealm, TestUser } from './support/fixtures';
import { startOwnParley, type OwnParley } from './support/own-parley';
import { ok } from './support/responses';
import { eventually } from './support/eventually';
import { TestSmtpServer } from './support/smtp';
import { joinThroughLink } from './support/invite-signup';

jest.setTimeout(60_000);

let parley: OwnParley;
let smtp: TestSmtpServer;
let browser: Browser;
let page: Page;
let owner: TestUser;
let bobApi: Api;
let bobId: number;
let generalId: number;
const problems: string[] = [];
const ids: Record<string, number> = {};
const BOB = { name: 'Bob Baker', email: 'bob@keys.test', password: 'bob-keys-password-1' };

/** Retries a check until it holds (the page updates when an event arrives), for up to 10 s. */
const until = (check: () => Promise<void>) => eventually(check, 10_000);
const row = (text: string) => page.locator('article.message', { hasText: text });
/**
 * The text of the selected message (the one with aria-current): its DOM text, since a row the
 * feed has not scrolled to yet is skipped by `content-visibility: auto` and has no innerText.
 */
const selectedText = async () => (await page.locator('article.message[aria-current="true"]').textContent()) ?? '';
/** Waits until the selected message is the one with this text (selection follows a render). */
const expectSelected = (text: string) => until(async () => expect(await selectedText()).toContain(text));
const press = (...keys: string[]) => keys.reduce((done, key) => done.then(() => page.keyboard.press(key)), Promise.resolve());
const focusedLabel = () =>
  page.evaluate(
    () => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null; id: string } | null } }).document.activeElement?.getAttribute('aria-label') ?? '',
  );
const focusedText = () => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent ?? '');
const flagsOf = async (id: number): Promise<string[]> => ok(await owner.api.get(`/messages/${id}`)).message.flags as string[];
const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `keys-${name}.png`) });

describeInChromium('web-keyboard.test.ts')('the web client by keyboard', () => {
  beforeAll(async () => {
    // Signing up through a link confirms the address by mail: to an SMTP server of this file's.
    smtp = await TestSmtpServer.start();
    parley = await startOwnParley('keys', { ...smtp.env, MAIL_POLL_MS: '100' });
    parley.adopt();
    owner = (await ensureRootRealm()).owner;
    generalId = ok(await owner.api.post('/channels/create', { name: 'general', description: 'Everyone', subscribers: [owner.user_id] })).id;
    const link = ok(await owner.api.post('/invites/multiuse', { invite_as: 400, stream_ids: [generalId] })).invite_link as string;
    const joined = await joinThroughLink(smtp, link, { email: BOB.email, full_name: BOB.name, password: BOB.password });
    bobApi = new Api({ email: joined.email, api_key: joined.api_key });
    bobId = ok(await bobApi.get('/users/me')).user_id;
    // The owner's own message (read), then Bob's, unread for the owner: three in "lunch", one in "dinner", one direct.
    const send = async (api: Api, name: string, body: Params) => (ids[name] = ok(await api.post('/messages', body)).id as number);
    await send(owner.api, 'own', { type: 'stream', to: generalId, topic: 'lunch', content: 'owner says hi', read_by_sender: true });
    for (const n of ['one', 'two', 'three']) await send(bobApi, n, { type: 'stream', to: generalId, topic: 'lunch', content: `lunch ${n}` });
    await send(bobApi, 'dinner', { type: 'stream', to: generalId, topic: 'dinner', content: 'dinner plans' });
    await send(bobApi, 'dm', { type: 'direct', to: [owner.user_id], content: 'psst, a secret' });
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => msg.type() === 'error' && !/status of 4\d\d|Failed to load resource/.test(msg.text()) && problems.push(`console: ${msg.text()}`));
    await page.goto(`${parley.url}/`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill('root-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('searchbox', { name: 'Search messages' }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await parley?.stop();
    await smtp?.stop();
    await closeFixtures();
  });

  it('selects messages with j, k, the arrows, Home and End, and by a click', async () => {
    await page.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/lunch`);
    await row('lunch three').waitFor();
    // The first unread message is selected when the feed opens.
    await expectSelected('lunch one');
    await press('j');
    await expectSelected('lunch two');
    await press('End');
    await expectSelected('lunch three');
    await press('k');
    await expectSelected('lunch two');
    await press('Home');
    await expectSelected('owner says hi');
    await press('ArrowDown', 'ArrowDown', 'ArrowUp');
    await expectSelected('lunch one');
    await row('lunch three').locator('.rendered_markdown').click();
    await expectSelected('lunch three');
    expect(await page.locator('article.message[aria-current="true"]').count()).toBe(1);
    await shot('selected');
  });

  it('replies with r and sends; keys typed in the compose box are text; Escape leaves it', async () => {
    await press('End', 'r');
    expect(await focusedLabel()).toBe('Message');
    expect(await page.getByRole('combobox', { name: 'Topic' }).inputValue()).toBe('lunch');
    await page.keyboard.type('jk by keyboard');
    // Typed, not shortcuts: the selection stayed.
    expect(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('jk by keyboard');
    await expectSelected('lunch three');
    await press('Control+Enter');
    await row('jk by keyboard').waitFor();
    const newest = ok(await owner.api.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow: JSON.stringify([{ operator: 'topic', operand: 'lunch' }]) })).messages[0];
    expect([newest.content, newest.subject, newest.sender_id]).toEqual(['<p>jk by keyboard</p>', 'lunch', owner.user_id]);
    await press('Escape');
    expect(await focusedLabel()).not.toBe('Message');
    // Out of the field, the shortcuts work again.
    await press('k');
    await expectSelected('lunch two');
  });

  it('stars with Ctrl+S, reacts with + and =, and marks unread from here with Shift+U', async () => {
    await press('Home', 'j', 'j');
    await expectSelected('lunch two');
    await press('Control+s');
    // The selected message shows its buttons (so Tab reaches them): the star is pressed.
    await row('lunch two').getByRole('button', { name: 'Unstar this message' }).waitFor();
    await until(async () => expect(await flagsOf(ids.two)).toContain('starred'));
    await press('+');
    await row('lunch two').getByRole('button', { name: '+1: 1' }).waitFor();
    const reactions = ok(await owner.api.get(`/messages/${ids.two}`)).message.reactions as { emoji_name: string; user_id: number }[];
    expect(reactions.map((r) => [r.emoji_name, r.user_id])).toEqual([['+1', owner.user_id]]);
    await press('=');
    await until(async () => expect(await row('lunch two').getByRole('button', { name: '+1: 1' }).count()).toBe(0));
    expect(ok(await owner.api.get(`/messages/${ids.two}`)).message.reactions).toEqual([]);
    await until(async () => expect(await flagsOf(ids.three)).toContain('read'));
    await press('Shift+U');
    await until(async () => expect([await flagsOf(ids.two), await flagsOf(ids.three)].map((f) => f.includes('read'))).toEqual([false, false]));
    expect(await flagsOf(ids.one)).toContain('read');
    // It stays unread while the reader stays (reading on scroll pauses).
    await until(async () => expect(await row('lunch two').getAttribute('class')).toContain('unread'));
    await page.waitForTimeout(700);
    expect(await flagsOf(ids.two)).not.toContain('read');
  });

  it('opens the message menu with i and the emoji picker with :, each closed by Escape', async () => {
    await press('i');
    const menu = page.getByRole('menu', { name: 'Message actions' });
    await menu.waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent)).toBe('Quote and reply');
    await press('ArrowDown');
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string } } }).document.activeElement.getAttribute('role'))).toBe('menuitem');
    // While the menu is open, j is the menu's (it moves in it), not the feed's.
    await press('j');
    await expectSelected('lunch two');
    await press('Escape');
    await until(async () => expect(await menu.count()).toBe(0));
    expect(await focusedLabel()).toBe('Message actions');
    await press(':');
    await page.getByRole('dialog', { name: 'Emoji picker' }).waitFor();
    await page.keyboard.type('octopus');
    await press('Tab', 'Enter');
    await row('lunch two').getByRole('button', { name: 'octopus: 1' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Emoji picker' }).count()).toBe(0);
  });

  it('quotes with > and edits its own message with e', async () => {
    await press('Home');
    await expectSelected('owner says hi');
    await press('e');
    const edit = page.getByRole('textbox', { name: 'Edit message' });
    await until(async () => expect(await edit.inputValue()).toBe('owner says hi'));
    await edit.fill('owner says hello');
    await press('Control+Enter');
    await row('owner says hello').locator('.edit-mark').waitFor();
    expect(ok(await owner.api.get(`/messages/${ids.own}`)).message.content).toBe('<p>owner says hello</p>');
    await press('j', '>');
    const compose = page.getByRole('textbox', { name: 'Message', exact: true });
    await until(async () => expect(await compose.inputValue()).toContain('```quote\nlunch one\n```'));
    expect(await compose.inputValue()).toContain(`@_**${BOB.name}|${bobId}**`);
    await compose.fill('');
    await press('Escape');
  });

  it("opens the sender's card with u, edit history with Shift+H and read receipts with Shift+V", async () => {
    await press('Home');
    await expectSelected('owner says hello');
    await press('u');
    const card = page.getByRole('dialog', { name: /^About / });
    await card.waitFor();
    expect(await card.getByRole('heading').innerText()).toBe(ok(await owner.api.get('/users/me')).full_name);
    await press('Escape');
    await card.waitFor({ state: 'detached' });
    await press('Shift+H');
    const history = page.getByRole('dialog', { name: 'Message edit history' });
    await until(async () => expect(await history.locator('li').count()).toBe(2));
    expect(await history.locator('li').nth(1).innerText()).toContain('owner says hello');
    await press('Escape');
    await history.waitFor({ state: 'detached' });
    await press('Shift+V');
    await page.getByRole('dialog', { name: 'Read receipts' }).waitFor();
    await press('Escape');
    await page.getByRole('dialog', { name: 'Read receipts' }).waitFor({ state: 'detached' });
  });

  it('collapses and expands with -, and forwards with <', async () => {
    await press('Home', 'j');
    await expectSelected('lunch one');
    const one = page.locator(`article.message[data-message-id="${ids.one}"]`);
    await press('-');
    await one.getByText('Collapsed.').waitFor();
    expect(await one.locator('.rendered_markdown').count()).toBe(0);
    await until(async () => expect(await flagsOf(ids.one)).toContain('collapsed'));
    await press('-');
    await one.locator('.rendered_markdown', { hasText: 'lunch one' }).waitFor();
    await until(async () => expect(await flagsOf(ids.one)).not.toContain('collapsed'));
    // <: quoted in a new message, as Zulip writes it, to its topic until the writer changes it.
    await press('<');
    const compose = page.getByRole('textbox', { name: 'Message', exact: true });
    await until(async () => expect(await compose.inputValue()).toContain('```quote\nlunch one\n```'));
    expect(await compose.inputValue()).toMatch(new RegExp(`^@_\\*\\*${BOB.name}\\|${bobId}\\*\\* \\[said\\]\\([^)]+/near/${ids.one}\\) in \\[#general > lunch\\]\\(`));
    expect(await page.getByRole('combobox', { name: 'Topic' }).inputValue()).toBe('lunch');
    await compose.fill('');
    await press('Escape');
  });

  it('formats with Ctrl+B, Ctrl+I and Ctrl+Shift+L, previews with Alt+P, and goes to the conversation with Ctrl+.', async () => {
    await press('r');
    const compose = page.getByRole('textbox', { name: 'Message', exact: true });
    const selected = () =>
      compose.evaluate((el) =>
        (el as unknown as { value: string; selectionStart: number; selectionEnd: number }).value.slice(
          (el as unknown as { selectionStart: number }).selectionStart,
          (el as unknown as { selectionEnd: number }).selectionEnd,
        ),
      );
    await page.keyboard.type('make this bold');
    await press('Shift+ArrowLeft', 'Shift+ArrowLeft', 'Shift+ArrowLeft', 'Shift+ArrowLeft', 'Control+b');
    expect(await compose.inputValue()).toBe('make this **bold**');
    await until(async () => expect(await selected()).toBe('bold'));
    // Again: the marks go, the word stays selected.
    await press('Control+b');
    expect(await compose.inputValue()).toBe('make this bold');
    await until(async () => expect(await selected()).toBe('bold'));
    await press('Control+i');
    expect(await compose.inputValue()).toBe('make this *bold*');
    await until(async () => expect(await selected()).toBe('bold'));
    await press('Control+i', 'Control+Shift+L');
    expect(await compose.inputValue()).toBe('make this [bold](url)');
    await until(async () => expect(await selected()).toBe('url'));
    await page.keyboard.type('https://parley.test/docs');
    expect(await compose.inputValue()).toBe('make this [bold](https://parley.test/docs)');
    // Alt+P: the server's rendering; again: back to the text, with the focus.
    await press('Alt+p');
    const preview = page.getByLabel('Preview');
    await preview.getByRole('link', { name: 'bold' }).waitFor();
    expect(await preview.getByRole('link', { name: 'bold' }).getAttribute('href')).toBe('https://parley.test/docs');
    await press('Alt+p');
    await until(async () => expect(await focusedLabel()).toBe('Message'));
    expect(await compose.inputValue()).toBe('make this [bold](https://parley.test/docs)');
    // Ctrl+.: to the conversation the message is addressed to (a new topic), the text going along.
    await page.getByRole('combobox', { name: 'Topic' }).fill('supper');
    await compose.focus();
    await press('Control+.');
    await page.getByText('No messages here yet.').waitFor();
    expect(decodeURIComponent(new URL(page.url()).hash)).toMatch(/topic\/supper$/);
    await until(async () => expect(await focusedLabel()).toBe('Message'));
    expect(await compose.inputValue()).toBe('make this [bold](https://parley.test/docs)');
    expect(await page.getByRole('combobox', { name: 'Topic' }).inputValue()).toBe('supper');
    await compose.fill('');
    await press('Escape');
    await page.goBack();
    await row('lunch one').waitFor();
  });

  it('opens the shortcuts help with ?, which axe finds sound, keeps the focus, and closes with Escape', async () => {
    await page.getByRole('log', { name: 'Messages' }).focus();
    const before = await selectedText();
    await press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getAttribute('aria-modal')).toBe('true');
    expect(await help.innerText()).toMatch(/Next unread topic/);
    expect(await focusedLabel()).toBe('Close');
    // Modal: the feed's keys do nothing, and Tab stays inside.
    await press('j', 'Tab', 'Tab', 'Tab');
    expect(await selectedText()).toBe(before);
    expect(await help.evaluate((el) => (el as unknown as { contains(n: unknown): boolean }).contains((globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement))).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);
    await shot('help');
    await press('Escape');
    await until(async () => expect(await help.count()).toBe(0));
    expect(await focusedLabel()).toBe('Messages');
  });

  it('goes places: n, p, s, Shift+R, *, Shift+I, t, a, q, w, d, Escape', async () => {
    await press('n');
    await row('dinner plans').waitFor();
    expect(decodeURIComponent(new URL(page.url()).hash)).toMatch(/topic\/dinner$/);
    await press('p');
    await row('psst, a secret').waitFor();
    expect(new URL(page.url()).hash).toBe(`#narrow/dm/${bobId}-dm`);
    // Shift+R: a direct reply to the sender.
    await press('Shift+R');
    expect(await page.getByRole('combobox', { name: 'Send to' }).inputValue()).toBe('private');
    expect(await page.getByRole('button', { name: `Remove ${BOB.name}` }).count()).toBe(1);
    await press('Escape');
    // s: from a topic to its channel.
    await page.goto(`${parley.url}/#narrow/channel/${generalId}-general/topic/lunch`);
    await row('lunch one').waitFor();
    await press('s');
    await page.getByRole('heading', { name: '#general' }).waitFor();
    await row('dinner plans').waitFor();
    await press('*');
    await page.getByRole('heading', { name: 'Starred messages' }).waitFor();
    await row('lunch two').waitFor();
    await press('Shift+I');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await press('t');
    await page.getByRole('heading', { name: 'Recent conversations' }).waitFor();
    await press('a');
    await page.getByRole('heading', { name: 'Combined feed' }).waitFor();
    // q and w: the channel and people filters; typing there is text; Escape leaves them.
    await press('q');
    expect(await focusedLabel()).toBe('Filter channels');
    await page.keyboard.type('zzz');
    await page.getByText('No channel matches.').waitFor();
    await press('Control+a', 'Backspace', 'Escape', 'w');
    expect(await focusedLabel()).toBe('Filter people');
    await press('Escape');
    await page
      .getByRole('navigation', { name: 'Channels and views' })
      .getByRole('link', { name: /general/ })
      .waitFor();
    await press('d');
    await until(async () => expect(new URL(page.url()).hash).toBe('#drafts'));
    await press('d');
    await page.getByRole('heading', { name: 'Combined feed' }).waitFor();
    // Escape from a feed goes to the home view (Inbox).
    await press('Escape');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    expect(problems).toEqual([]);
  });

  it("lists a channel's topics with y, and moves through a list view with j and k", async () => {
    await page.goto(`${parley.url}/#narrow/channel/${generalId}-general`);
    await row('dinner plans').waitFor();
    const activeHref = () =>
      page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('href') ?? '');
    await press('y');
    await until(async () => expect(decodeURIComponent(await activeHref())).toMatch(/topic\/(lunch|dinner)$/));
    expect(await page.getByRole('list', { name: 'Topics of general' }).getByRole('link').count()).toBe(2);
    // Recent conversations: j and k move the focus through its links; Enter opens one.
    await press('t');
    await page.getByRole('heading', { name: 'Recent conversations' }).waitFor();
    await press('j');
    const first = await activeHref();
    expect(first).toMatch(/^#narrow\//);
    await press('j');
    const second = await activeHref();
    expect(second).not.toBe(first);
    await press('k');
    expect(await activeHref()).toBe(first);
    await press('Enter');
    await until(async () => expect(new URL(page.url()).hash).toBe(first));
    expect(problems).toEqual([]);
  });

  it('opens the gear menu with g: arrows move through it, Escape closes it, an item opens its place', async () => {
    await press('g');
    const menu = page.getByRole('menu', { name: 'Main menu' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Personal settings',
      'Organization settings',
      'Browse channels',
      'Drafts',
      'Scheduled messages',
      'Keyboard shortcuts',
      'Log out',
    ]);
    expect(await focusedText()).toBe('Personal settings');
    await shot('gear-menu');
    await press('ArrowDown', 'j');
    expect(await focusedText()).toBe('Browse channels');
    await press('ArrowUp', 'ArrowUp', 'ArrowUp');
    expect(await focusedText()).toBe('Log out');
    expect(await axeViolations(page)).toEqual([]);
    await press('Escape');
    await until(async () => expect(await menu.count()).toBe(0));
    expect(await focusedLabel()).toBe('Main menu');
    await press('g', 'ArrowDown', 'ArrowDown', 'Enter');
    await page
      .getByRole('heading', { name: /channels/i })
      .first()
      .waitFor();
    expect(new URL(page.url()).hash).toBe('#channels/all');
    expect(await menu.count()).toBe(0);
    await press('g', 'ArrowUp', 'ArrowUp', 'Enter');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await press('Escape');
    expect(problems).toEqual([]);
  });
});
