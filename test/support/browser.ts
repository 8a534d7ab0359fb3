// What the browser tests (test/web-*.test.ts, test/docs-page.test.ts) share: Debian's Chromium driven by
// playwright-core, a `describe` that skips (with a warning) where Chromium is missing outside
// CI, and axe-core's accessibility scan.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
/** Screenshots: test/artifacts/ (git-ignored). */
export const ARTIFACTS = join(__dirname, '..', 'artifacts');
const AXE = require.resolve('axe-core/axe.min.js');

/** `describe`, or `describe.skip` with a warning where Chromium is not installed (never in CI: there it must run). */
export function describeInChromium(file: string): jest.Describe {
  if (existsSync(CHROMIUM) || process.env.CI === 'true') return describe;
  console.warn(`${file} skipped: no ${CHROMIUM} (apt-get install -y chromium)`);
  return describe.skip;
}

/** Headless Chromium; as root in a container its sandbox needs user namespaces it may not have. */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });

/** axe-core's serious and critical violations on the page as it is (CDP evaluation: the page's CSP does not apply). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const result = await page.evaluate(async () => {
    // In the page (the tests' tsconfig has no DOM types): axe, and the document it checks.
    const g = globalThis as unknown as { document: unknown; axe: { run(ctx: unknown, opts: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } };
    return g.axe.run(g.document, { resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
