// Parley's own OpenAPI description, as served: GET /api/v1/openapi.json and .yaml need no
// credentials, are the generator's document (one source), and lint clean with Redocly's
// recommended rules (@redocly/openapi-core, run as a script: it is ESM-only).
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import YAML from 'yaml';
import { generateOpenApi, openApiPath } from '../gateway/src/openapi/generate';
import { routes } from '@parley/common/api';
import { baseUrl } from './support/api';

const run = promisify(execFile);

async function fetchText(path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl()}${path}`, init);
  return { status: res.status, type: res.headers.get('content-type') ?? '', headers: res.headers, text: await res.text() };
}

describe('GET /api/v1/openapi.json and .yaml', () => {
  it('serve the generated description without credentials', async () => {
    const json = await fetchText('/api/v1/openapi.json');
    expect([json.status, json.type]).toEqual([200, 'application/json']);
    const doc = JSON.parse(json.text);
    expect(doc).toEqual(JSON.parse(JSON.stringify(generateOpenApi())));
    expect(doc.openapi).toBe('3.1.0');
    const yaml = await fetchText('/api/v1/openapi.yaml');
    expect([yaml.status, yaml.type]).toEqual([200, 'application/yaml; charset=utf-8']);
    expect(YAML.parse(yaml.text)).toEqual(doc);
  });

  it('ignore bad credentials (the description is public)', async () => {
    const res = await fetchText('/api/v1/openapi.json', { headers: { authorization: `Basic ${Buffer.from('x@example.test:nope').toString('base64')}` } });
    expect(res.status).toBe(200);
  });

  it('document every route of the gateway', async () => {
    const doc = JSON.parse((await fetchText('/api/v1/openapi.json')).text);
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it('lint without errors (Redocly, recommended rules)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, (await fetchText('/api/v1/openapi.json')).text);
    const { stdout } = await run(process.execPath, [join(__dirname, 'openapi-client/lint.mjs'), file], { maxBuffer: 64 << 20 }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    const problems = JSON.parse(stdout) as { severity: string; rule: string; message: string; where: string }[];
    // Zulip's own API has GET /users/me/{stream_id}/topics beside
    // /users/me/muted_users/{muted_user_id}: the paths its clients call, which Parley keeps,
    // though a request to /users/me/muted_users/topics would match both. It also has
    // /users/{user_id} beside /users/{email}, told apart by the parameters' types (an integer;
    // a string with an @), as Parley's router tells them apart.
    const zulips = (p: { rule: string; message: string }) =>
      (p.rule === 'no-ambiguous-paths' && p.message.includes('`/users/me/{stream_id}/topics` and `/users/me/muted_users/{muted_user_id}`')) ||
      (['no-identical-paths', 'no-ambiguous-paths'].includes(p.rule) && p.message.includes('`/users/{email}` and `/users/{user_id}`'));
    // Zulip's POST /invites/{invite_id}/resend beside /invites/multiuse/{invite_id} (Zulip's
    // too) and Parley's anonymous /invites/link/{key} and /invites/confirm/{key}: an invite_id
    // is an integer (the router takes digits only there), so `multiuse`, `link` and `confirm`
    // never read as one.
    const typedApart = (p: { rule: string; message: string }) =>
      p.rule === 'no-ambiguous-paths' &&
      /^Paths should resolve unambiguously\. Found two ambiguous paths: `\/invites\/\{invite_id\}\/resend` and `\/invites\/(multiuse\/\{invite_id\}|link\/\{key\}|confirm\/\{key\})`\.$/.test(
        p.message,
      );
    const explained = (p: { rule: string; message: string }) => zulips(p) || typedApart(p);
    expect(problems.filter((p) => p.severity === 'error' && !explained(p))).toEqual([]);
    // Warnings too, today: keep it that way or say why here.
    expect(problems.filter((p) => !explained(p))).toEqual([]);
  }, 120_000);
});

describe('GET /api/docs', () => {
  it('is a page that loads Redoc from Parley itself, never a CDN', async () => {
    const page = await fetchText('/api/docs');
    expect([page.status, page.type]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/api/docs/redoc.standalone.js', '/api/docs/init.js']);
    for (const src of scripts) {
      const js = await fetchText(src);
      expect([js.status, js.type]).toEqual([200, 'text/javascript; charset=utf-8']);
    }
    expect((await fetchText('/api/docs/init.js')).text).toContain('Redoc.init("/api/v1/openapi.json"');
  });
});
