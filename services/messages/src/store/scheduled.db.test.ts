import { closeMessagesPool, messagesPool, scratchRealm } from '../../../../test/support/messages-db';
import { claimDue, deleteScheduled, insertScheduled, lockUnchanged, markDelivered, markFailed, releaseClaims, ScheduledRow, updateScheduled } from './scheduled';

/**
 * The delivery worker's claims on the messages schema of the test run's database: a claimed
 * row is skipped by other workers until its claim ends or is released, and a delivery stores
 * only a row still as it was claimed. The rows are due in 2200, a time no other test's
 * delivery reaches, so no other run claims them.
 */
afterAll(closeMessagesPool);

const at = (minute: number) => new Date(Date.UTC(2200, 0, 1, 0, minute));

async function scheduled(minutes: number[]): Promise<ScheduledRow[]> {
  const pool = messagesPool();
  const { realmId, userId, channelId } = scratchRealm();
  const rows: ScheduledRow[] = [];
  for (const minute of minutes) {
    rows.push(
      await insertScheduled(pool, {
        realm_id: realmId,
        sender_id: userId(1),
        type: 'stream',
        to: [channelId(1)],
        topic: `at ${minute}`,
        content: `due at ${minute}`,
        rendered_content: `<p>due at ${minute}</p>`,
        scheduled_at: at(minute),
        read_by_sender: true,
        client: 'test',
        delivery_type: 'send_later',
        reminder_target_message_id: null,
      }),
    );
  }
  return rows;
}

const idsOf = (rows: ScheduledRow[], mine: ScheduledRow[]) => rows.map((r) => r.id).filter((id) => mine.some((m) => m.id === id));

describe('claimDue', () => {
  it('claims what is due, soonest first, and another run skips it until it is released', async () => {
    const pool = messagesPool();
    const mine = await scheduled([30, 10, 20, 90]);
    const first = await claimDue(pool, at(60), 1000, 60_000);
    expect(idsOf(first, mine)).toEqual([mine[1].id, mine[2].id, mine[0].id]);
    expect(idsOf(await claimDue(pool, at(60), 1000, 60_000), mine)).toEqual([]);
    await releaseClaims(pool, [mine[2].id]);
    expect(idsOf(await claimDue(pool, at(60), 1000, 60_000), mine)).toEqual([mine[2].id]);
    // Later, the row that was not due yet.
    expect(idsOf(await claimDue(pool, at(120), 1000, 60_000), mine)).toEqual([mine[3].id]);
  });

  it('claims a row again once its claim has run out (a worker that died)', async () => {
    const pool = messagesPool();
    const mine = await scheduled([5]);
    expect(idsOf(await claimDue(pool, at(6), 1000, 0), mine)).toEqual([mine[0].id]);
    expect(idsOf(await claimDue(pool, at(6), 1000, 60_000), mine)).toEqual([mine[0].id]);
  });

  it('leaves delivered and failed rows alone', async () => {
    const pool = messagesPool();
    const mine = await scheduled([1, 2]);
    await markDelivered(pool, mine[0].id, 123);
    await markFailed(pool, mine[1].id);
    expect(idsOf(await claimDue(pool, at(3), 1000, 0), mine)).toEqual([]);
  });
});

describe('lockUnchanged', () => {
  it('holds a row still as claimed, and no row its sender edited, rescheduled, deleted, or that was delivered', async () => {
    const pool = messagesPool();
    const mine = await scheduled([1, 2, 3, 4, 5]);
    const claimed = await claimDue(pool, at(10), 1000, 60_000);
    const row = (i: number) => claimed.find((r) => r.id === mine[i].id)!;
    expect(await lockUnchanged(pool, row(0))).toBe(true);
    await updateScheduled(pool, mine[1].id, { ...row(1), content: 'edited' });
    expect(await lockUnchanged(pool, row(1))).toBe(false);
    await updateScheduled(pool, mine[2].id, { ...row(2), scheduled_at: at(11) });
    expect(await lockUnchanged(pool, row(2))).toBe(false);
    await deleteScheduled(pool, mine[3].id);
    expect(await lockUnchanged(pool, row(3))).toBe(false);
    await markDelivered(pool, mine[4].id, 456);
    expect(await lockUnchanged(pool, row(4))).toBe(false);
    // An edit ends the claim: the edited message is claimed anew.
    expect(idsOf(await claimDue(pool, at(10), 1000, 60_000), mine)).toEqual([mine[1].id]);
  });
});
