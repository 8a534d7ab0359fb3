// GET /api/docs in a real browser: Debian's chromium (not a downloaded one), driven by
// playwright-core. The page renders Parley's description with Redoc from Parley itself: every
// endpoint of the route table appears, nothing is fetched from another host, and a screenshot
// goes to test/artifacts/docs-page.png (git-ignored).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { generateOpenApi, openApiPath } from '../gateway/src/openapi/generate';
import { routes } from '@parley/common/api';
import { baseUrl } from './support/api';
import { ARTIFACTS, describeInChromium, launchChromium } from './support/browser';

let browser: Browser;
describeInChromium('docs-page.test.ts')('GET /api/docs in a browser', () => {
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => browser?.close());

  it('renders every endpoint of the description from Parley alone, and saves a screenshot', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const origin = new URL(baseUrl()).origin;
    const elsewhere: string[] = [];
    const errors: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(origin) && !/^(data|blob):/.test(req.url())) elsewhere.push(req.url());
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('response', (res) => {
      if (res.status() >= 400) errors.push(`${res.status()} ${res.url()}`);
    });

    await page.goto(`${origin}/api/docs`);
    await page
      .getByRole('heading', { name: /Parley REST API/ })
      .first()
      .waitFor({ timeout: 60_000 });
    const text = await page.locator('#redoc').innerText();

    // Every route: its summary in the menu and its path in the page (Redoc renders each operation).
    const doc = generateOpenApi() as { paths: Record<string, Record<string, { summary?: string }>> };
    const absent = routes.filter((r) => !text.includes(openApiPath(r.path)) || !text.includes(doc.paths[openApiPath(r.path)][r.method.toLowerCase()].summary!)).map((r) => `${r.method} ${r.path}`);
    expect(absent).toEqual([]);
    // And the endpoints of README's coverage table that are not rows of the route table.
    for (const path of ['/user_uploads', '/tus/{upload_id}', '/accounts/login', '/accounts/logout', '/openapi.json', '/api/docs']) expect(text).toContain(path);
    for (const words of ['Idempotency-Key', 'ignored_parameters_unsupported', 'RATE_LIMIT_HIT', 'X-RateLimit-Remaining', 'Parley addition']) expect(text).toContain(words);

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'docs-page.png') });
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
