import pg from 'pg';
import { BadRequestError } from '@parley/common';
import * as store from '../store/read-state';
import type { Peers } from '../peers';
import { accessMessage } from './fetch';

/**
 * GET /messages/{message_id}/read_receipts, as Zulip's views/read_receipts.py: who has marked
 * a message the caller may read as read, when the realm has read receipts on. Never the
 * sender; only active users who share read receipts (send_read_receipts; the users service
 * says who). Bots are included; so is a user with a historical copy they marked read.
 */
export async function readReceipts(pool: pg.Pool, peers: Peers, messageId: number): Promise<{ user_ids: number[] }> {
  const message = await accessMessage(pool, peers, messageId);
  if ((await peers.realmPolicy()).settings.enable_read_receipts === false) {
    throw new BadRequestError('Read receipts are disabled in this organization.');
  }
  const readers = await store.readersOf(pool, message.id, message.sender_id);
  return { user_ids: await peers.readReceiptUsers(readers) };
}
