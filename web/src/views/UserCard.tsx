// A person's card, as Zulip's web app opens it from a message's sender: who they are (avatar,
// name, role, status, presence, email, local time, date joined), their custom profile field
// values, and what one can do (message them, see what they sent, mute them, copy a mention).
import { client, ok } from '../api/client';
import { dmNarrow, narrowHash, senderNarrow } from '../lib/narrow';
import { FIELD_TYPES, personIds, selectOptions } from '../lib/profile-fields';
import { attempt, showToast } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import type { State } from '../store/store';
import { roleName, type User } from '../store/types';
import { RenderedContent } from './Feed';
import { PopoverDialog } from './Modal';
import { presenceOf } from './People';

type Field = State['customProfileFields'][number];

/** The time of day where the person is, in the reader's clock (nothing for an unknown timezone). */
function localTime(timezone: string | undefined, twentyFour: boolean): string | undefined {
  if (!timezone) return undefined;
  try {
    return new Date().toLocaleTimeString(undefined, { timeZone: timezone, hour: 'numeric', minute: '2-digit', hour12: !twentyFour });
  } catch {
    return undefined;
  }
}

function FieldValue({ field, value, rendered }: { field: Field; value: string; rendered?: string }) {
  const s = useStore();
  switch (field.type) {
    case FIELD_TYPES.SELECT:
      return <>{selectOptions(field.field_data).find((o) => o.key === value)?.text ?? value}</>;
    case FIELD_TYPES.USER:
      return (
        <>
          {personIds(value)
            .map((id) => s.users.get(id)?.full_name ?? `User ${id}`)
            .join(', ')}
        </>
      );
    case FIELD_TYPES.URL:
      return /^https?:\/\//i.test(value) ? (
        <a href={value} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      ) : (
        <>{value}</>
      );
    case FIELD_TYPES.EXTERNAL_ACCOUNT:
      return (
        <a href={`https://github.com/${encodeURIComponent(value)}`} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      );
    default:
      // Text fields come rendered from Markdown by the server, as message content is.
      return rendered ? <RenderedContent html={rendered} twentyFour={s.settings.twenty_four_hour_time} /> : <>{value}</>;
  }
}

export function UserCard({ user, onClose }: { user: User; onClose: () => void }) {
  const s = useStore();
  const me = user.user_id === s.me.user_id;
  const muted = s.mutedUsers.has(user.user_id);
  const status = s.userStatus.get(user.user_id);
  const time = localTime(user.timezone, s.settings.twenty_four_hour_time);
  const role = user.is_bot ? 'Bot' : roleName(user.role);
  const fields = [...s.customProfileFields].sort((a, b) => a.order - b.order).filter((f) => user.profile_data?.[f.id]?.value);
  const go = (hash: string) => {
    location.hash = hash;
    onClose();
  };
  return (
    <PopoverDialog label={`About ${user.full_name}`} className="user-card" onClose={onClose}>
      <div className="user-card-head">
        {user.avatar_url && <img className="avatar large" src={user.avatar_url} alt="" width={64} height={64} />}
        <div>
          <h2>{user.full_name}</h2>
          <p className="hint">
            <span className={`presence ${presenceOf(s, user.user_id)}`} role="img" aria-label={presenceOf(s, user.user_id)} /> {role}
            {!user.is_active && ' (deactivated)'}
          </p>
          {status?.status_text && <p>{status.status_text}</p>}
        </div>
      </div>
      <dl className="user-card-facts">
        <dt>Email</dt>
        <dd>{user.delivery_email ?? user.email}</dd>
        {time && (
          <>
            <dt>Local time</dt>
            <dd>{time}</dd>
          </>
        )}
        {user.date_joined && (
          <>
            <dt>Joined</dt>
            <dd>{new Date(user.date_joined).toLocaleDateString(undefined, { dateStyle: 'medium' })}</dd>
          </>
        )}
        {fields.map((f) => (
          <div key={f.id} className="user-card-field">
            <dt>{f.name}</dt>
            <dd>
              <FieldValue field={f} value={user.profile_data![f.id].value} rendered={user.profile_data![f.id].rendered_value} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="row-buttons">
        <button onClick={() => go(narrowHash(dmNarrow([user.user_id])))}>{me ? 'Message yourself' : 'Send a direct message'}</button>
        <button onClick={() => go(narrowHash(senderNarrow(user.user_id, user.full_name)))}>View messages sent</button>
        <button
          onClick={() =>
            void navigator.clipboard
              ?.writeText(`@**${user.full_name}|${user.user_id}**`)
              .then(() => showToast('Mention copied.'))
              .catch(() => undefined)
          }
        >
          Copy mention
        </button>
        {!me && (
          <button
            onClick={() =>
              void attempt(() =>
                muted
                  ? ok(client.DELETE('/users/me/muted_users/{muted_user_id}', { params: { path: { muted_user_id: user.user_id } } }))
                  : ok(client.POST('/users/me/muted_users/{muted_user_id}', { params: { path: { muted_user_id: user.user_id } } })),
              )
            }
          >
            {muted ? 'Unmute' : 'Mute'}
          </button>
        )}
        <button onClick={onClose}>Close</button>
      </div>
    </PopoverDialog>
  );
}
