import type pg from 'pg';
import { RealmCache } from '@parley/common';
import * as userStore from '../store/users';
import type { ListedUserRow, PeopleRow } from '../store/users';
import { AvatarConfig, canSeeDeliveryEmail, clientComputesAvatar, formatUserSeen } from './format';
import { PROFILE_ANNOUNCEMENTS } from './own-user';
import { profileDataFor, type ProfileValue } from './profile-values';

/**
 * The realm's people as POST /register lists them (realm_users, realm_non_active_users,
 * cross_realm_bots) and whose presence may be shown, kept in this process realm by realm.
 * Without it every register reads and formats every user of the realm and their profile
 * values (in a realm of a thousand users, most of the users service's part of the state:
 * issue #12's S7), and every presence report, which each client makes every minute, reads
 * the realm's users again.
 *
 * Kept and dropped as GET /users/me's profiles are (ADR 0011): dropped on every client event
 * of the users service but presence and user statuses, and on `users.auth.invalidate`, which
 * the service publishes before it answers the request that made the change.
 *
 * What a viewer sees of a user depends only on whether the viewer may see the user's real
 * email (the user's email_address_visibility against the viewer's role, or being that user)
 * and on client_gravatar. Each user's JSON is made once for each way it is shown, when first
 * asked for, and a viewer's list is those texts joined: never one viewer's text for another
 * way of showing.
 */
export interface RealmPeople {
  /** The realm's users but the system bots, by ID. */
  people: KeptPerson[];
  byId: Map<number, KeptPerson>;
  systemBots: ListedUserRow[];
}

interface KeptPerson {
  row: PeopleRow;
  /** Undefined for bots, which have no custom profile fields. */
  profileData?: Record<string, ProfileValue>;
  /** The user's JSON, by Shown; made when first asked for. */
  json: (string | undefined)[];
}

/** How a user is shown: real email hidden; shown; shown, with the avatar URL left to the client. */
const Shown = { HIDDEN: 0, VISIBLE: 1, VISIBLE_CLIENT_AVATAR: 2 } as const;

export type RealmPeopleAnswers = RealmCache<RealmPeople>;

/** One answer per realm: a few hundred bytes per user, up to three times over. */
export const realmPeopleAnswers = (): RealmPeopleAnswers => new RealmCache({ announcements: PROFILE_ANNOUNCEMENTS, maxEntries: 200 });

/**
 * The realm's people, kept or read; read again if the caller is not among them. A user made
 * outside this service (the management CLI, the tests' fixtures) is announced by the relay
 * after the commit, so the people kept may lack them for a moment: never the caller.
 */
export async function realmPeople(kept: RealmPeopleAnswers, pool: pg.Pool, realmId: number, callerId: number): Promise<RealmPeople> {
  const fetch = () => readPeople(pool, realmId);
  const found = await kept.get(realmId, KEY, fetch);
  if (found.byId.has(callerId)) return found;
  kept.drop(realmId, [KEY]);
  return kept.get(realmId, KEY, fetch);
}

const KEY = 'people';

async function readPeople(pool: pg.Pool, realmId: number): Promise<RealmPeople> {
  const rows = await userStore.listRealmUsersWithSystemBots(pool, realmId);
  const users = rows.filter((u) => !u.is_system_bot);
  const profiles = await profileDataFor(
    pool,
    realmId,
    users.filter((u) => !u.is_bot).map((u) => u.id),
  );
  const people = users.map((row) => ({ row, profileData: row.is_bot ? undefined : (profiles.get(row.id) ?? {}), json: [] }));
  return { people, byId: new Map(people.map((p) => [p.row.id, p])), systemBots: rows.filter((u) => u.is_system_bot) };
}

/**
 * The realm's active and deactivated users as `viewer` sees them: two JSON arrays' texts,
 * each user as GET /users shows them (profile fields included for all but bots).
 */
export function peopleJson(
  { people }: RealmPeople,
  viewer: { user_id: number; role: number },
  opts: { fakeEmailDomain: string; avatars: AvatarConfig; clientGravatar: boolean },
): { active: string; deactivated: string } {
  const active: string[] = [];
  const deactivated: string[] = [];
  for (const person of people) {
    const { row } = person;
    const visible = canSeeDeliveryEmail(row, viewer);
    const shown = !visible ? Shown.HIDDEN : opts.clientGravatar && clientComputesAvatar(row, opts.avatars) ? Shown.VISIBLE_CLIENT_AVATAR : Shown.VISIBLE;
    let json = person.json[shown];
    if (json === undefined) {
      const user = formatUserSeen(row, visible, {
        fakeEmailDomain: opts.fakeEmailDomain,
        avatars: opts.avatars,
        clientGravatar: shown === Shown.VISIBLE_CLIENT_AVATAR,
        includeProfileFields: !row.is_bot,
      });
      if (person.profileData) user.profile_data = person.profileData;
      json = person.json[shown] = JSON.stringify(user);
    }
    (row.is_active ? active : deactivated).push(json);
  }
  return { active: `[${active.join(',')}]`, deactivated: `[${deactivated.join(',')}]` };
}
