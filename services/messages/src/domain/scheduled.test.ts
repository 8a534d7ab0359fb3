import type pg from 'pg';
import { createLogger, fakeClients } from '@parley/common';
import { startDeliveryWorker } from './scheduled';
import { renderHere } from './render/renderer';

describe('the scheduled delivery worker', () => {
  const pool = {} as pg.Pool;
  const clients = fakeClients({});
  const log = createLogger('scheduled-test', 'silent');

  it('delivers at once on start (what fell due while no worker ran), then on every interval, one run at a time', async () => {
    jest.useFakeTimers();
    const runs: number[] = [];
    let active = 0;
    const deliver = jest.fn(async () => {
      active++;
      runs.push(active);
      await Promise.resolve();
      active--;
      return { sent: 0, failed: 0 };
    });
    const stop = startDeliveryWorker(pool, { clients, renderer: renderHere }, log, { wildcardMentionThreshold: 15 }, 1000, deliver);
    await jest.advanceTimersByTimeAsync(0);
    expect(deliver).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(3000);
    expect(deliver).toHaveBeenCalledTimes(4);
    expect(Math.max(...runs)).toBe(1);
    await stop();
    await jest.advanceTimersByTimeAsync(5000);
    expect(deliver).toHaveBeenCalledTimes(4);
    jest.useRealTimers();
  });

  it('keeps running after a failed run', async () => {
    jest.useFakeTimers();
    const deliver = jest.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue({ sent: 1, failed: 0 });
    const stop = startDeliveryWorker(pool, { clients, renderer: renderHere }, log, { wildcardMentionThreshold: 15 }, 1000, deliver);
    await jest.advanceTimersByTimeAsync(1000);
    expect(deliver).toHaveBeenCalledTimes(2);
    await stop();
    jest.useRealTimers();
  });
});
