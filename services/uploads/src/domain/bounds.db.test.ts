import type { Caller } from '@parley/common';
import { testDatabaseUrl } from '../../../../test/support/servers';
import { testServicePool } from '../../../../test/support/service-pools';
import { readUploadsConfig } from '../config';
import { recordUpload } from './attachments';
import { doAddEmoji } from './realm-emoji';

/**
 * The uploads service's bounds with a small bound injected, on the uploads schema of the test
 * run's database: creates that race (eight at once, each on a connection of its own) never
 * pass a bound together, since each counts under a lock (the user's for uploads, the realm's
 * for custom emoji). test/upload-quota.test.ts checks the bounds end to end, through HTTP.
 */
const BOUND = 3;
// A realm ID of this test's own, above any fixture realm's.
const realmId = 2_100_000_000 - (process.pid % 100_000);
const wide = testServicePool('uploads', readUploadsConfig({ ...process.env, DATABASE_URL: testDatabaseUrl() }).secret, 8);
const caller = (userId: number) => ({ realm_id: realmId, user_id: userId, role: 400, is_bot: false, email: `u${userId}@example.com` }) as Caller;
const count = async (table: 'attachments' | 'realm_emoji') => (await wide.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE realm_id = $1`, [realmId])).rows[0].n;

afterAll(async () => {
  await wide.query('DELETE FROM attachments WHERE realm_id = $1', [realmId]);
  await wide.query('DELETE FROM realm_emoji WHERE realm_id = $1', [realmId]);
  await wide.end();
});

it('lets exactly the bound of uploads through when eight of one user race from nothing', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, (_, i) =>
      recordUpload(wide, caller(1), { pathId: `${realmId}/ab/race${i}/f.txt`, fileName: 'f.txt', contentType: 'text/plain', size: 1 }, { maxMibPerUser: 1024, maxUploadsPerUser: BOUND }),
    ),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(BOUND);
  for (const r of results)
    if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'BAD_REQUEST', message: `Upload would exceed your limit of ${BOUND} uploads. Delete some of your uploads to make room.` });
  expect(await count('attachments')).toBe(BOUND);
});

it('lets exactly the bound of custom emoji through when eight of the realm race from nothing', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 8 }, (_, i) => doAddEmoji(wide, caller(2 + i), { name: `race_${i}`, fileName: `race${i}.png`, contentType: 'image/png', size: 1 }, BOUND)),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(BOUND);
  for (const r of results)
    if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'BAD_REQUEST', message: `This organization has reached its limit of ${BOUND} custom emoji (deactivated ones included).` });
  expect(await count('realm_emoji')).toBe(BOUND);
});
