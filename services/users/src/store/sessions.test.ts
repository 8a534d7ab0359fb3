import { describeSessionStore } from './session-store.contract';
import { MemorySessionStore } from './sessions';

describeSessionStore(
  'MemorySessionStore',
  async () => new MemorySessionStore(),
  async () => ({ realm_id: 1, user_id: 10 }),
);
