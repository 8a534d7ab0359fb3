/// <reference types="jest" />
// jest's globals come by reference, not import: this file sits in src/, so the service's own
// build (types: node only) compiles it too, and must find describe/it/expect declared.
import { randomBytes } from 'node:crypto';
import type { SessionRecord, SessionStore } from './sessions';

/**
 * What every SessionStore does, as one suite each store's test file runs (sessions.test.ts for
 * memory, sessions.db.test.ts for PostgreSQL and Redis): a session comes back exactly as it was
 * put (its epoch included, which decides whether it still stands: domain/sessions.ts), a new
 * put of the same key replaces it, a delete ends it. `owner` makes a user whose sessions the
 * store may hold (PostgreSQL's rows reference the user). Not a test file by name.
 */
export function describeSessionStore(name: string, make: () => Promise<SessionStore>, owner: () => Promise<{ realm_id: number; user_id: number }>): void {
  describe(`${name} (the SessionStore contract)`, () => {
    let store: SessionStore;
    beforeAll(async () => {
      store = await make();
    });
    afterAll(() => store.close());

    const key = () => `contract-${randomBytes(12).toString('base64url')}`;
    const record = async (over: Partial<SessionRecord> = {}): Promise<SessionRecord> => ({ ...(await owner()), csrf_token: 'c'.repeat(32), created_at: 1_700_000_000_000, epoch: 3, ...over });

    it('gives a session back as it was put, its epoch included', async () => {
      const [k, r] = [key(), await record()];
      await store.put(k, r, 3600);
      expect(await store.get(k)).toEqual(r);
    });

    it('replaces a session put again under its key', async () => {
      const k = key();
      const first = await record();
      await store.put(k, first, 3600);
      await store.put(k, { ...first, csrf_token: 'd'.repeat(32), epoch: 4 }, 3600);
      expect(await store.get(k)).toEqual({ ...first, csrf_token: 'd'.repeat(32), epoch: 4 });
    });

    it('knows nothing of a deleted or unknown key', async () => {
      const k = key();
      await store.put(k, await record(), 3600);
      await store.delete(k);
      expect(await store.get(k)).toBeUndefined();
      expect(await store.get(key())).toBeUndefined();
      await expect(store.delete(key())).resolves.toBeUndefined();
    });
  });
}
