import type { Logger, RpcClients, ServicePool } from '@parley/common';
import type { UsersConfig } from './config';
import type { PresenceStore } from './store/presence';
import type { SessionStore } from './store/sessions';
import type { OwnUserAnswers } from './domain/own-user';
import type { RealmPeopleAnswers } from './domain/realm-people';

/** What the users service's handlers work with (built in server.ts). */
export interface UsersDeps {
  /** Its writes return once their events are published (publishBeforeReply, ServicePool). */
  pool: ServicePool;
  config: UsersConfig;
  log: Logger;
  presence: PresenceStore;
  sessions: SessionStore;
  /** The other services (the channels service, for realm settings and groups that name channels). */
  clients: RpcClients;
  /** What GET /users/me answers from (kept between requests, dropped as owners announce changes). */
  kept: OwnUserAnswers;
  /** The realm's people as POST /register lists them (kept the same way). */
  people: RealmPeopleAnswers;
}
