// A TypeScript client generated from Parley's description works: openapi-typescript turns the
// served description into types, tsc type-checks a small program using them with openapi-fetch
// (test/openapi-client/send-and-read.ts), and the program sends a message and reads it back.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ResponseOf } from '@parley/common/api';
import { baseUrl } from './support/api';
import { closeFixtures, createTestRealm, TestRealm } from './support/fixtures';
import { hostProxy } from './support/host-proxy';

const run = promisify(execFile);
const DIR = join(__dirname, 'openapi-client');
const OUT = join(DIR, 'generated');
const ROOT = join(__dirname, '..');

let realm: TestRealm;
beforeAll(async () => {
  realm = await createTestRealm('Generated client');
});
afterAll(closeFixtures);

describe('a client generated from /api/v1/openapi.json', () => {
  it('type-checks, sends a message and reads it back', async () => {
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    const res = await fetch(`${baseUrl()}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    writeFileSync(join(OUT, 'openapi.json'), await res.text());

    await run(process.execPath, [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), join(OUT, 'openapi.json'), '-o', join(OUT, 'parley-api.ts')]);
    // Type-checks (a type error fails here, with tsc's message) and emits the program.
    await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(DIR, 'tsconfig.json'), '--outDir', join(OUT, 'out')]).catch((err: { stdout: string }) => {
      throw new Error(`tsc:\n${err.stdout}`);
    });

    await realm.member.api.post('/users/me/subscriptions', { subscriptions: [{ name: 'client test' }] });
    // The generated client uses fetch, which cannot set Host: a proxy names the realm.
    const proxy = await hostProxy(realm.host);
    const { stdout } = await run(process.execPath, [join(OUT, 'out/send-and-read.js')], {
      env: { ...process.env, PARLEY_URL: proxy.url, PARLEY_EMAIL: realm.member.email, PARLEY_API_KEY: realm.member.api_key, PARLEY_CHANNEL: 'client test' },
    }).finally(() => proxy.close());
    const result = JSON.parse(stdout) as { id: number; sent: string; read: string; topic: string; sender: string };
    expect(result).toEqual({ id: expect.any(Number), sent: expect.stringMatching(/^Hello from the generated client/), read: result.sent, topic: 'openapi', sender: realm.member.email });
    const check = await realm.member.api.get<ResponseOf<'GET /messages/{message_id}'>>(`/messages/${result.id}`, { apply_markdown: false });
    expect(check.body.message?.content).toBe(result.sent);
  }, 180_000);
});
