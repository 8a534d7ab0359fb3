// The people list: active users by presence (active, idle, offline), with their status.
import { memo, useMemo, useState } from 'react';
import { dmNarrow, narrowHash } from '../lib/narrow';
import { useStore } from '../lib/use-store';
import type { State } from '../store/store';
import type { User } from '../store/types';
import { byName } from '../lib/collate';

const ACTIVE_SECONDS = 140;
const IDLE_SECONDS = 600;

export function presenceOf(s: State, id: number, now = Date.now() / 1000): 'active' | 'idle' | 'offline' {
  const p = s.presence.get(id);
  if (p?.active_timestamp && now - p.active_timestamp < ACTIVE_SECONDS) return 'active';
  if (p?.idle_timestamp && now - p.idle_timestamp < IDLE_SECONDS) return 'idle';
  if (p?.active_timestamp && now - p.active_timestamp < IDLE_SECONDS) return 'idle';
  return 'offline';
}

export function PeopleList() {
  const s = useStore();
  const [filter, setFilter] = useState('');
  // Sorted and drawn again only when people, presence or statuses changed (the store's
  // peopleVersion) or the filter did, not on every message: a realm has thousands of users.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the store changes in place; peopleVersion says when its people did
  const people = useMemo(() => listOf(s, filter), [s.peopleVersion, filter]);
  return (
    <aside className="sidebar right" aria-label="People">
      <input id="people-filter" type="search" aria-label="Filter people" placeholder="Filter people" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <PeopleRows people={people} />
    </aside>
  );
}

interface Person {
  u: User;
  p: 'active' | 'idle' | 'offline';
  statusText?: string;
}

/** Active people by presence, then name; the first 200 (the filter finds the rest). */
function listOf(s: State, filter: string): Person[] {
  const order = { active: 0, idle: 1, offline: 2 };
  const needle = filter.toLowerCase();
  return [...s.users.values()]
    .filter((u) => u.is_active && !u.is_bot && u.full_name.toLowerCase().includes(needle))
    .map((u) => ({ u, p: presenceOf(s, u.user_id), statusText: s.userStatus.get(u.user_id)?.status_text }))
    .sort((a, b) => order[a.p] - order[b.p] || byName(a.u.full_name, b.u.full_name))
    .slice(0, 200);
}

const PeopleRows = memo(function PeopleRows({ people }: { people: Person[] }) {
  return (
    <ul className="people">
      {people.map(({ u, p, statusText }) => (
        <li key={u.user_id}>
          <a href={narrowHash(dmNarrow([u.user_id]))} title={`${u.full_name} (${p})`}>
            <span className={`presence ${p}`} role="img" aria-label={p} />
            {u.avatar_url ? <img className="avatar small" src={u.avatar_url} alt="" width={20} height={20} loading="lazy" /> : null}
            <span className="name">{u.full_name}</span>
            {statusText && <span className="status-text">{statusText}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
});
