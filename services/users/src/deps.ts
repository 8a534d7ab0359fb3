import type pg from 'pg';
import type { Logger } from '@parley/common';
import type { UsersConfig } from './config';
import type { PresenceStore } from './store/presence';

/** What the users service's handlers work with (built in server.ts). */
export interface UsersDeps {
  pool: pg.Pool;
  config: UsersConfig;
  log: Logger;
  presence: PresenceStore;
}
