import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routes } from '@parley/gateway';
import { CALLERS, type Caller, expectedOutcome, type Outcome, routeKey } from './support/route-access';
import type { ApiResponse } from './support/api';
import { closeFixtures, createTestRealm } from './support/fixtures';
import { apiOf, makeSampleWorld, type SampleWorld, sampleBuilders, selfOf, sendSample } from './support/route-samples';

/**
 * The authorization matrix (issue #11, part 2): every route of the gateway's route table,
 * called with a valid request (test/support/route-samples.ts) as an owner, an administrator,
 * a moderator, a member, a guest, a bot, a deactivated user and no one, each answer checked
 * against the route's row in test/support/route-access.ts. A route without a row or without a
 * sample fails here; a 429 is always a failure (rate limits are off in tests).
 */
let world: SampleWorld;

beforeAll(async () => {
  world = await makeSampleWorld(await createTestRealm('Authorization matrix'));
}, 60_000);
afterAll(closeFixtures);

type Answer = { res: ApiResponse } | { error: Error };

/**
 * What an answer was, in the terms of the table: a success envelope, or an error envelope's
 * status and code (anything else is reported as it came, and matches no expectation).
 */
function describeAnswer(res: ApiResponse): { outcome: Outcome | Record<string, unknown>; msg: unknown } {
  const { result, code, msg } = res.body;
  if (res.status >= 200 && res.status < 300 && result === 'success' && msg === '') return { outcome: 'success', msg };
  if (res.status >= 400 && result === 'error' && typeof code === 'string' && typeof msg === 'string') return { outcome: { status: res.status, code }, msg };
  return { outcome: { status: res.status, notAnEnvelope: res.body }, msg };
}

/** The errors the Parley under test logged (the run's log file), to explain a 5xx. */
function serverErrors(): string {
  const file = process.env.PARLEY_TEST_LOG_DIR && join(process.env.PARLEY_TEST_LOG_DIR, 'parley.log');
  if (!file || !existsSync(file)) return '(no server log)';
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => /"level":(50|60)/.test(l))
    .slice(-5);
  return (
    lines
      .map((l) => {
        const { time, service, rpc, err, msg } = JSON.parse(l) as { time: string; service?: string; rpc?: string; err?: { message?: string }; msg?: string };
        return `${time} ${service ?? ''} ${rpc ?? ''}: ${err?.message ?? msg ?? ''}`;
      })
      .join('\n') || '(none)'
  );
}

describe('the route table', () => {
  it('has a sample request for every route, and no sample for a route that is gone', () => {
    const keys = routes.map(routeKey);
    expect({
      withoutSample: keys.filter((k) => !(k in sampleBuilders)),
      sampleWithoutRoute: Object.keys(sampleBuilders).filter((k) => !keys.includes(k)),
    }).toEqual({ withoutSample: [], sampleWithoutRoute: [] });
  });
});

describe.each(routes.map((r) => [routeKey(r), r] as const))('%s', (key, route) => {
  const answers = new Map<Caller, Answer>();

  // The eight calls of a route run at once (each on objects of its own); routes run one
  // after the other, so a route that lists every object of a kind (reorders) sees no other's.
  beforeAll(async () => {
    const build = sampleBuilders[key];
    if (!build) return;
    await Promise.all(
      CALLERS.map(async (caller) => {
        try {
          const sample = await build(world, selfOf(world, caller), caller);
          answers.set(caller, { res: await sendSample(apiOf(world, caller), route.method, sample) });
        } catch (err) {
          answers.set(caller, { error: err instanceof Error ? err : new Error(String(err)) });
        }
      }),
    );
  }, 30_000);

  it.each(CALLERS)('as %s', (caller) => {
    if (!(key in sampleBuilders)) throw new Error(`${key}: no sample request in test/support/route-samples.ts`);
    const expected = expectedOutcome(route, caller);
    const answer = answers.get(caller);
    if (!answer) throw new Error(`${key} as ${caller}: no answer`);
    if ('error' in answer) {
      throw new Error(`${key} as ${caller}: the sample could not be made or sent: ${answer.error.message}\nlatest server errors:\n${serverErrors()}`);
    }
    const seen = describeAnswer(answer.res);
    if (answer.res.status === 429) throw new Error(`${key} as ${caller}: rate limited (429), which never counts as a pass: ${String(seen.msg)}`);
    if (answer.res.status >= 500) throw new Error(`${key} as ${caller}: ${answer.res.status} ${String(seen.msg)}\nlatest server errors:\n${serverErrors()}`);
    expect(seen).toEqual({ outcome: expected, msg: expected === 'success' ? '' : expect.anything() });
  });
});
