// The web client's uploads in a browser (Debian's headless Chromium driven by playwright-core),
// as test/web-client.test.ts drives the rest of it: a file above the resumable threshold (5 MiB)
// goes by tus to /api/v1/tus with the session cookie, in 5 MiB PATCHes; two PATCHes are cut off
// (playwright's page.route aborts them: one after the server took it, one before), and each
// time the client waits, asks where the upload stands (HEAD) and resumes from the server's
// offset; the link lands in the compose box, the message is sent, and the file downloads byte
// for byte. A small file still goes in one POST to /json/user_uploads, and a
// file over the realm's max_file_upload_size_mib (13 MiB here) is refused with its message
// before a byte is sent (the server refuses it too: 413). A resumable upload cancelled with its
// Cancel button stops, is deleted on the server (tus termination: HEAD then finds nothing), and
// leaves no link behind. A member's upload declared as a script or a stylesheet never runs or
// applies on Parley's origin, even when the page itself asks for it with <script src> or
// <link rel=stylesheet> (issue #41: the web client's CSP allows scripts from 'self').
//
// It runs against a Parley of its own (test/support/own-parley.ts), the root realm of a fresh
// database reached at the bare address, as test/web-client.test.ts does.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describeInChromium, launchChromium } from './support/browser';
import { closeFixtures, ensureRootRealm, TestUser } from './support/fixtures';
import { startOwnParley, type OwnParley } from './support/own-parley';
import { ok } from './support/responses';
import { eventually } from './support/eventually';
import { uploadFile } from './support/uploads';

jest.setTimeout(60_000);

const MIB = 1024 * 1024;
const LIMIT_MIB = 13;
let parley: OwnParley;
let browser: Browser;
let owner: TestUser;
let page: Page;
let generalId: number;
const problems: string[] = [];
/** The upload requests the page made: method, path and Upload-Offset. */
const requests: { method: string; path: string; offset?: number }[] = [];

const composeBox = () => page.getByRole('textbox', { name: 'Message', exact: true });
const until = (check: () => Promise<void>) => eventually(check, 20_000);
const isTus = (url: URL) => url.pathname === '/api/v1/tus' || url.pathname.startsWith('/api/v1/tus/');

describeInChromium('web-uploads.test.ts')('uploads from the web client', () => {
  beforeAll(async () => {
    parley = await startOwnParley('webuploads', { MAX_FILE_UPLOAD_SIZE_MIB: String(LIMIT_MIB) });
    parley.adopt();
    owner = (await ensureRootRealm()).owner;
    generalId = ok(await owner.api.post('/channels/create', { name: 'general', subscribers: [owner.user_id] })).id;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      // The cut-off PATCH is logged by the browser; the test checks what followed it. So are the
      // uploaded script and stylesheet it refuses to use; the test checks that it refused them.
      const expected = /status of (4\d\d)|Failed to load resource|Refused to (execute script|apply style) from '[^']*\/user_uploads\//;
      if (msg.type() === 'error' && !expected.test(msg.text())) problems.push(`console: ${msg.text()}`);
    });
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!req.url().startsWith(parley.url) && !/^(data|blob):/.test(req.url())) problems.push(`elsewhere: ${req.url()}`);
      if (isTus(url) || url.pathname === '/json/user_uploads') {
        const offset = req.headers()['upload-offset'];
        requests.push({ method: req.method(), path: url.pathname, ...(offset !== undefined && { offset: Number(offset) }) });
      }
    });

    await page.goto(`${parley.url}/`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill('root-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('searchbox', { name: 'Search messages' }).waitFor();
    await page.goto(`${parley.url}/#narrow/channel/${generalId}-general`);
    await page.getByRole('combobox', { name: 'Topic' }).fill('files');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await parley?.stop();
    await closeFixtures();
  });

  afterEach(() => {
    expect(problems).toEqual([]);
    requests.length = 0;
  });

  /** Sends what the compose box holds, and the file behind its link as the page's session downloads it. */
  async function sendAndDownload(name: string): Promise<Buffer> {
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const link = page.locator('article.message', { hasText: name }).getByRole('link', { name });
    await link.waitFor();
    const got = await page.request.get(`${parley.url}${await link.getAttribute('href')}`);
    expect(got.status()).toBe(200);
    return got.body();
  }

  it('sends a large file by tus in chunks, resumes from the offset HEAD reports after cut-off PATCHes, and the file arrives whole', async () => {
    const file = randomBytes(12 * MIB);
    const cut = new Set<string>();
    // Two PATCHes fail once each, as dropped connections do: the first after the server took all
    // of it (the answer is lost), the second before the server had any; the rest go through.
    await page.route(
      (url) => isTus(url),
      async (route) => {
        const req = route.request();
        const offset = req.headers()['upload-offset'];
        if (req.method() !== 'PATCH' || cut.has(offset)) return route.continue();
        if (offset === '0') {
          cut.add(offset);
          const answer = await route.fetch();
          expect(answer.status()).toBe(204);
          return route.abort('connectionreset');
        }
        if (offset === String(5 * MIB)) {
          cut.add(offset);
          return route.abort('connectionreset');
        }
        return route.continue();
      },
    );
    await page.locator('input[type=file]').first().setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: file });
    // The progress bar shows while it uploads (it waits 1 s, then 2 s, before resuming).
    await page.getByRole('progressbar', { name: 'Uploading big.bin' }).waitFor();
    await until(async () => expect(await composeBox().inputValue()).toMatch(/\[big\.bin\]\(\/user_uploads\/[^)]+\/big\.bin\)/));
    await page.unroute((url) => isTus(url));

    expect(requests).toEqual([
      { method: 'POST', path: '/api/v1/tus' },
      { method: 'PATCH', path: expect.stringMatching(/^\/api\/v1\/tus\/\w{32}$/), offset: 0 },
      // Its answer lost: the server says it has 5 MiB, and the client goes on from there.
      { method: 'HEAD', path: expect.any(String) },
      { method: 'PATCH', path: expect.any(String), offset: 5 * MIB },
      // Cut off before the server had any of it: the server still says 5 MiB.
      { method: 'HEAD', path: expect.any(String) },
      { method: 'PATCH', path: expect.any(String), offset: 5 * MIB },
      { method: 'PATCH', path: expect.any(String), offset: 10 * MIB },
    ]);
    expect(new Set(requests.slice(1).map((r) => r.path)).size).toBe(1);
    const downloaded = await sendAndDownload('big.bin');
    expect(downloaded.length).toBe(file.length);
    expect(downloaded.equals(file)).toBe(true);
  });

  it('cancels a resumable upload with its Cancel button: the upload is deleted on the server and no link lands', async () => {
    // The second PATCH is held until the upload is cancelled, as a slow network would hold it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => isTus(url),
      async (route) => {
        const req = route.request();
        if (req.method() !== 'PATCH' || req.headers()['upload-offset'] !== String(5 * MIB)) return route.continue();
        await held;
        await route.abort('connectionreset').catch(() => undefined);
      },
    );
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'cancelled.bin', mimeType: 'application/octet-stream', buffer: randomBytes(7 * MIB) });
    await until(async () => expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.offset)).toEqual([0, 5 * MIB]));
    await page.getByRole('button', { name: 'Cancel uploading cancelled.bin' }).click();
    release();
    await page.getByText('Upload of cancelled.bin cancelled.').waitFor();
    await until(async () => expect(requests.map((r) => r.method)).toContain('DELETE'));
    await page.unroute((url) => isTus(url));
    const uploadPath = requests.find((r) => r.method === 'DELETE')!.path;
    expect(requests.filter((r) => r.method === 'PATCH').every((r) => r.path === uploadPath)).toBe(true);
    expect(await page.getByRole('progressbar', { name: 'Uploading cancelled.bin' }).count()).toBe(0);
    expect(await composeBox().inputValue()).not.toMatch(/cancelled\.bin/);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value;
    const state = await page.request.head(`${parley.url}${uploadPath}`, { headers: { 'tus-resumable': '1.0.0', 'x-csrftoken': csrf } });
    expect(state.status()).toBe(404);
  });

  it('sends a small file in one POST to /json/user_uploads, as before', async () => {
    const file = Buffer.from('A small note.\n');
    await page.locator('input[type=file]').first().setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: file });
    await until(async () => expect(await composeBox().inputValue()).toMatch(/\[note\.txt\]\(\/user_uploads\/[^)]+\)/));
    expect(requests).toEqual([{ method: 'POST', path: '/json/user_uploads' }]);
    expect((await sendAndDownload('note.txt')).equals(file)).toBe(true);
  });

  it("never runs an uploaded script or applies an uploaded stylesheet on Parley's origin", async () => {
    const script = await uploadFile(owner, { filename: 'gadget.js', type: 'text/javascript', content: 'globalThis.parleyGadgetRan = true;' });
    const style = await uploadFile(owner, { filename: 'look.css', type: 'text/css', content: 'html { scroll-padding-top: 777px !important; }' });
    expect([script.status, style.status]).toEqual([200, 200]);
    // The page (logged in: its session reads the owner's files) asks for both as its own.
    const outcome = await page.evaluate(
      async ({ scriptUrl, styleUrl }) => {
        // In the page (the tests' tsconfig has no DOM types).
        const g = globalThis as unknown as {
          document: { createElement(tag: string): any; head: { appendChild(e: unknown): void }; documentElement: unknown };
          getComputedStyle(e: unknown): { scrollPaddingTop: string };
          parleyGadgetRan?: boolean;
        };
        const load = (element: any) =>
          new Promise<string>((resolve) => {
            element.onload = () => resolve('load');
            element.onerror = () => resolve('error');
            g.document.head.appendChild(element);
          });
        const scriptElement = g.document.createElement('script');
        scriptElement.src = scriptUrl;
        const link = g.document.createElement('link');
        link.rel = 'stylesheet';
        link.href = styleUrl;
        const [scriptEvent, styleEvent] = await Promise.all([load(scriptElement), load(link)]);
        return { scriptEvent, styleEvent, ran: g.parleyGadgetRan === true, scrollPadding: g.getComputedStyle(g.document.documentElement).scrollPaddingTop };
      },
      { scriptUrl: script.body.url as string, styleUrl: style.body.url as string },
    );
    // Chromium refuses both: served as application/octet-stream with nosniff, neither is a script or a stylesheet.
    expect(outcome).toEqual({ scriptEvent: 'error', styleEvent: 'error', ran: false, scrollPadding: 'auto' });
  });

  it("refuses a file over the realm's max_file_upload_size_mib with its message, sending nothing", async () => {
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc((LIMIT_MIB + 1) * MIB) });
    await until(async () => expect(await page.getByRole('alert').first().innerText()).toMatch(`huge.bin is too large: files may be at most ${LIMIT_MIB} MiB here.`));
    expect(requests).toEqual([]);
    expect(await composeBox().inputValue()).not.toMatch(/huge\.bin/);
    // The server holds the same limit, for a client that does not check it: tus refuses the creation.
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value;
    const created = await page.request.post(`${parley.url}/api/v1/tus`, {
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String((LIMIT_MIB + 1) * MIB), 'x-csrftoken': csrf },
    });
    expect(created.status()).toBe(413);
  });
});
