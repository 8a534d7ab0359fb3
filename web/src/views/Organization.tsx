// Administration: the realm's main settings, invitations (by email, and links), users (roles, deactivation,
// password resets), bots, channels, linkifiers, custom emoji, custom profile fields and
// new-user defaults. Every page calls the public API; the server decides what is allowed,
// and its refusals show as their `msg`.
import { useEffect, useState } from 'react';
import { ApiError, client, ok, postFile } from '../api/client';
import { attempt, showError, showToast } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import { Role, roleName } from '../store/types';
import { CreateChannel } from './BrowseChannels';
import { AddForm, Choice, PersonPicker, Section, TextSetting, Toggle } from './Form';
import { byName } from '../lib/collate';
import { FIELD_TYPE_CHOICES, FIELD_TYPES, newFieldData } from '../lib/profile-fields';

const SECTIONS: [string, string][] = [
  ['settings', 'Organization settings'],
  ['invites', 'Invitations'],
  ['users', 'Users'],
  ['bots', 'Bots'],
  ['channels', 'Channels'],
  ['linkifiers', 'Linkifiers'],
  ['emoji', 'Custom emoji'],
  ['profile-fields', 'Profile fields'],
  ['defaults', 'Default channels'],
];

const patchRealm = (body: Record<string, unknown>) => attempt(() => ok(client.PATCH('/realm', { body: body })));

export function Organization({ section }: { section: string }) {
  return (
    <section className="settings" aria-labelledby="org-title">
      <div className="feed-header">
        <h1 id="org-title">Organization</h1>
      </div>
      <nav className="tabs" aria-label="Organization sections">
        {SECTIONS.map(([key, label]) => (
          <a key={key} href={`#organization/${key}`} aria-current={section === key ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <div className="settings-body">
        {section === 'settings' && <RealmSettings />}
        {section === 'invites' && <Invites />}
        {section === 'users' && <Users />}
        {section === 'bots' && <Bots />}
        {section === 'channels' && <Channels />}
        {section === 'linkifiers' && <Linkifiers />}
        {section === 'emoji' && <Emoji />}
        {section === 'profile-fields' && <ProfileFields />}
        {section === 'defaults' && <Defaults />}
      </div>
    </section>
  );
}

function RealmSettings() {
  const s = useStore();
  const r = s.realm;
  return (
    <Section title="Organization settings">
      <TextSetting label="Organization name" value={r.realm_name} onSave={(v) => patchRealm({ name: v })} />
      <TextSetting label="Description" value={typeof r.realm_description === 'string' ? r.realm_description : ''} onSave={(v) => patchRealm({ description: v })} />
      <Toggle label="Topics are required" checked={Boolean(r.realm_mandatory_topics)} onChange={(v) => void patchRealm({ mandatory_topics: v })} />
      <Toggle label="Members may edit their messages" checked={r.realm_allow_message_editing !== false} onChange={(v) => void patchRealm({ allow_message_editing: v })} />
      <Toggle label="Invitations are required to join" checked={Boolean(r.realm_invite_required)} onChange={(v) => void patchRealm({ invite_required: v })} />
    </Section>
  );
}

interface Invite {
  id: number;
  invited_by_user_id: number;
  invited: number;
  expiry_date: number | null;
  invited_as: number;
  link_url?: string;
  is_multiuse: boolean;
  email?: string;
}

function Invites() {
  const s = useStore();
  const [invites, setInvites] = useState<Invite[]>();
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<number>(Role.MEMBER);
  const [minutes, setMinutes] = useState<string>('14400');
  const [streams, setStreams] = useState<number[]>([]);
  // As Zulip's invite form: the organization's default channels, unless unticked.
  const [withDefaults, setWithDefaults] = useState(true);
  const [created, setCreated] = useState<string>();
  const [outcome, setOutcome] = useState<{ text: string; skipped: [string, string][] }>();
  const load = () => attempt(async () => setInvites(((await ok(client.GET('/invites', {}))) as { invites: Invite[] }).invites));
  useEffect(() => void load(), []);
  const expiry = () => (minutes === 'never' ? null : Number(minutes));
  async function create() {
    const answer = await attempt(() =>
      ok(client.POST('/invites/multiuse', { body: { invite_as: role, invite_expires_in_minutes: expiry(), stream_ids: streams, include_realm_default_subscriptions: withDefaults } })),
    );
    if (answer) {
      setCreated((answer as { invite_link: string }).invite_link);
      void load();
    }
  }
  // Zulip's INVITATION_FAILED names each address it skipped, and says whether the others were invited.
  async function send() {
    setOutcome(undefined);
    try {
      await ok(
        client.POST('/invites', { body: { invitee_emails: emails, invite_as: role, invite_expires_in_minutes: expiry(), stream_ids: streams, include_realm_default_subscriptions: withDefaults } }),
      );
      setOutcome({ text: 'Invitations sent.', skipped: [] });
      setEmails('');
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'INVITATION_FAILED') return showError(err);
      const failed = err.body;
      setOutcome({ text: err.message, skipped: ((failed.errors ?? []) as [string, string][]).map(([email, why]) => [email, why]) });
      if (failed.sent_invitations) setEmails('');
    }
    void load();
  }
  const roles: number[] = s.me.is_owner ? [Role.GUEST, Role.MEMBER, Role.MODERATOR, Role.ADMINISTRATOR, Role.OWNER] : [Role.GUEST, Role.MEMBER, Role.MODERATOR, Role.ADMINISTRATOR];
  const act = (call: () => Promise<unknown>) => void attempt(call).then(load);
  return (
    <Section title="Invitations">
      <form
        className="form"
        aria-label="Invite people"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label>
          Email addresses (separated by commas or new lines)
          <textarea name="invitee_emails" rows={3} value={emails} onChange={(e) => setEmails(e.target.value)} />
        </label>
        <label>
          Join as
          <select value={role} onChange={(e) => setRole(Number(e.target.value))}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleName(r)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Expires
          <select value={minutes} onChange={(e) => setMinutes(e.target.value)}>
            <option value="60">In an hour</option>
            <option value="1440">In a day</option>
            <option value="14400">In 10 days</option>
            <option value="43200">In 30 days</option>
            <option value="never">Never</option>
          </select>
        </label>
        <fieldset>
          <legend>Channels to join</legend>
          <label className="toggle">
            <input type="checkbox" checked={withDefaults} onChange={(e) => setWithDefaults(e.target.checked)} /> The organization's default channels
          </label>
          {[...s.channels.values()]
            .filter((c) => !c.is_archived)
            .map((c) => (
              <label key={c.stream_id} className="toggle">
                <input type="checkbox" checked={streams.includes(c.stream_id)} onChange={(e) => setStreams(e.target.checked ? [...streams, c.stream_id] : streams.filter((x) => x !== c.stream_id))} />{' '}
                #{c.name}
              </label>
            ))}
        </fieldset>
        <div className="actions">
          <button type="submit" className="primary" disabled={!emails.trim()}>
            Send invitations
          </button>{' '}
          <button type="button" onClick={() => void create()}>
            Create invitation link
          </button>
        </div>
      </form>
      {outcome && (
        <div className="notice" role="status">
          <p>{outcome.text}</p>
          {outcome.skipped.length > 0 && (
            <ul>
              {outcome.skipped.map(([email, why]) => (
                <li key={email}>
                  {email}: {why}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {created && (
        <p className="notice" role="status">
          New link: <input readOnly aria-label="Invitation link" value={created} onFocus={(e) => e.target.select()} className="wide" />
        </p>
      )}
      <table className="admin-table">
        <caption>Live invitations</caption>
        <thead>
          <tr>
            <th scope="col">Email or link</th>
            <th scope="col">Role</th>
            <th scope="col">Invited by</th>
            <th scope="col">Expires</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(invites ?? []).map((i) => (
            <tr key={`${i.is_multiuse}-${i.id}`}>
              <td>{i.link_url ?? i.email}</td>
              <td>{roleName(i.invited_as)}</td>
              <td>{s.users.get(i.invited_by_user_id)?.full_name ?? i.invited_by_user_id}</td>
              <td>{i.expiry_date ? new Date(i.expiry_date * 1000).toLocaleString() : 'Never'}</td>
              <td>
                {!i.is_multiuse && (
                  <button
                    className="small"
                    aria-label={`Resend the invitation to ${i.email}`}
                    onClick={() =>
                      act(async () => {
                        await ok(client.POST('/invites/{invite_id}/resend', { params: { path: { invite_id: i.id } } }));
                        showToast(`Invitation resent to ${i.email}.`);
                      })
                    }
                  >
                    Resend
                  </button>
                )}{' '}
                <button
                  className="danger small"
                  aria-label={i.is_multiuse ? 'Revoke the invitation link' : `Revoke the invitation to ${i.email}`}
                  onClick={() =>
                    act(() =>
                      i.is_multiuse
                        ? ok(client.DELETE('/invites/multiuse/{invite_id}', { params: { path: { invite_id: i.id } } }))
                        : ok(client.DELETE('/invites/{invite_id}', { params: { path: { invite_id: i.id } } })),
                    )
                  }
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function Users() {
  const s = useStore();
  const [filter, setFilter] = useState('');
  const [resetting, setResetting] = useState<number>();
  const [password, setPassword] = useState('');
  const users = [...s.users.values()].filter((u) => !u.is_bot && `${u.full_name} ${u.email}`.toLowerCase().includes(filter.toLowerCase())).sort((a, b) => byName(a.full_name, b.full_name));
  const roles: number[] = s.me.is_owner ? [Role.OWNER, Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST] : [Role.ADMINISTRATOR, Role.MODERATOR, Role.MEMBER, Role.GUEST];
  return (
    <Section title="Users">
      <input type="search" aria-label="Filter users" placeholder="Filter users" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.user_id} className={u.is_active ? undefined : 'inactive'}>
              <td>{u.full_name}</td>
              <td>{u.delivery_email ?? u.email}</td>
              <td>
                <select
                  aria-label={`Role of ${u.full_name}`}
                  value={u.role}
                  disabled={u.user_id === s.me.user_id || (u.role === Role.OWNER && !s.me.is_owner)}
                  onChange={(e) => void attempt(() => ok(client.PATCH('/users/{user_id}', { params: { path: { user_id: u.user_id } }, body: { role: Number(e.target.value) } })))}
                >
                  {[...new Set([...roles, u.role])].map((r) => (
                    <option key={r} value={r}>
                      {roleName(r)}
                    </option>
                  ))}
                </select>
              </td>
              <td className="row-buttons">
                {u.is_active ? (
                  <button
                    className="danger small"
                    disabled={u.user_id === s.me.user_id}
                    onClick={() => confirm(`Deactivate ${u.full_name}?`) && void attempt(() => ok(client.DELETE('/users/{user_id}', { params: { path: { user_id: u.user_id } } })))}
                  >
                    Deactivate
                  </button>
                ) : (
                  <button className="small" onClick={() => void attempt(() => ok(client.POST('/users/{user_id}/reactivate', { params: { path: { user_id: u.user_id } } })))}>
                    Reactivate
                  </button>
                )}
                <button className="small" onClick={() => setResetting(resetting === u.user_id ? undefined : u.user_id)}>
                  Reset password
                </button>
                {resetting === u.user_id && (
                  <form
                    className="inline-form"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void attempt(() => ok(client.POST('/users/{user_id}/password', { params: { path: { user_id: u.user_id } }, body: { new_password: password } }))).then((done) => {
                        if (done === undefined) return;
                        showToast(`${u.full_name}'s password is reset.`);
                        setResetting(undefined);
                        setPassword('');
                      });
                    }}
                  >
                    <label>
                      New password for {u.full_name}
                      <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
                    </label>
                    <button type="submit">Set</button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function Bots() {
  const s = useStore();
  const [key, setKey] = useState<string>();
  const bots = [...s.users.values()].filter((u) => u.is_bot && u.is_active && u.bot_owner_id !== undefined);
  return (
    <Section title="Bots">
      <AddForm
        label="Create a bot"
        fields={[
          { name: 'full_name', label: 'Bot name' },
          { name: 'short_name', label: 'Bot email (before @)' },
        ]}
        submit="Create bot"
        onAdd={({ full_name, short_name }) =>
          attempt(() => ok(client.POST('/bots', { body: { full_name, short_name, bot_type: 1 } }))).then((a) => {
            if (a) setKey((a as { api_key: string }).api_key);
            return a;
          })
        }
      />
      {key && (
        <p className="notice" role="status">
          The bot&apos;s API key: <code>{key}</code>
        </p>
      )}
      <ul className="plain-list">
        {bots.map((b) => (
          <li key={b.user_id}>
            {b.full_name} ({b.email}){' '}
            <button className="danger small" onClick={() => void attempt(() => ok(client.DELETE('/users/{user_id}', { params: { path: { user_id: b.user_id } } })))}>
              Deactivate
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Channels() {
  const s = useStore();
  const [creating, setCreating] = useState(false);
  const [members, setMembers] = useState<{ id: number; ids: number[] }>();
  const channels = [...s.channels.values()].filter((c) => !c.is_archived).sort((a, b) => byName(a.name, b.name));
  return (
    <Section title="Channels">
      <button className="primary" onClick={() => setCreating(!creating)}>
        Create a channel
      </button>
      {creating && <CreateChannel onDone={() => setCreating(false)} />}
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Description</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {channels.map((c) => (
            <tr key={c.stream_id}>
              <td>
                <TextSetting
                  label={`Name of #${c.name}`}
                  value={c.name}
                  onSave={(v) => attempt(() => ok(client.PATCH('/streams/{stream_id}', { params: { path: { stream_id: c.stream_id } }, body: { new_name: v } })))}
                />
              </td>
              <td>
                <TextSetting
                  label={`Description of #${c.name}`}
                  value={c.description}
                  onSave={(v) => attempt(() => ok(client.PATCH('/streams/{stream_id}', { params: { path: { stream_id: c.stream_id } }, body: { description: v } })))}
                />
              </td>
              <td className="row-buttons">
                <button
                  className="small"
                  onClick={() =>
                    void attempt(async () =>
                      setMembers({
                        id: c.stream_id,
                        ids: ((await ok(client.GET('/streams/{stream_id}/members', { params: { path: { stream_id: c.stream_id } } }))) as unknown as { subscribers: number[] }).subscribers,
                      }),
                    )
                  }
                >
                  Subscribers
                </button>
                <button
                  className="danger small"
                  onClick={() => confirm(`Archive #${c.name}?`) && void attempt(() => ok(client.DELETE('/streams/{stream_id}', { params: { path: { stream_id: c.stream_id } } })))}
                >
                  Archive
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {members && (
        <div className="card" role="region" aria-label="Subscribers">
          <h3>Subscribers of #{s.channels.get(members.id)?.name}</h3>
          <ul className="plain-list">
            {members.ids.map((id) => (
              <li key={id}>{s.users.get(id)?.full_name ?? id}</li>
            ))}
          </ul>
          <AddSubscriber channel={s.channels.get(members.id)?.name ?? ''} onAdded={(id) => setMembers({ ...members, ids: [...members.ids, id] })} />
        </div>
      )}
    </Section>
  );
}

function AddSubscriber({ channel, onAdded }: { channel: string; onAdded: (id: number) => void }) {
  const s = useStore();
  return (
    <PersonPicker
      label="Add a subscriber"
      people={[...s.users.values()].filter((u) => u.is_active)}
      submit="Add"
      onPick={(id) => void attempt(() => ok(client.POST('/users/me/subscriptions', { body: { subscriptions: [{ name: channel }], principals: [id] } }))).then((d) => d && onAdded(id))}
    />
  );
}

function Linkifiers() {
  const s = useStore();
  return (
    <Section title="Linkifiers">
      <AddForm
        label="Add a linkifier"
        fields={[
          { name: 'pattern', label: 'Pattern', placeholder: '#(?P<id>[0-9]+)' },
          { name: 'url_template', label: 'URL template', placeholder: 'https://github.com/org/repo/issues/{id}' },
        ]}
        submit="Add linkifier"
        onAdd={({ pattern, url_template }) => attempt(() => ok(client.POST('/realm/filters', { body: { pattern, url_template } })))}
      />
      <ul className="plain-list">
        {s.linkifiers.map((l) => (
          <li key={l.id}>
            <code>{l.pattern}</code> → <code>{l.url_template}</code>{' '}
            <button className="danger small" onClick={() => void attempt(() => ok(client.DELETE('/realm/filters/{filter_id}', { params: { path: { filter_id: l.id } } })))}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Emoji() {
  const s = useStore();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File>();
  async function upload() {
    if (!file) return;
    const done = await attempt(() => postFile(`/json/realm/emoji/${encodeURIComponent(name)}`, file));
    if (done) setName('');
  }
  return (
    <Section title="Custom emoji">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void upload();
        }}
      >
        <label>
          Emoji name
          <input required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Image
          <input type="file" accept="image/*" required onChange={(e) => setFile(e.target.files?.[0])} />
        </label>
        <button type="submit" className="primary">
          Add emoji
        </button>
      </form>
      <ul className="plain-list emoji-list">
        {[...s.realmEmoji.values()]
          .filter((e) => !e.deactivated)
          .map((e) => (
            <li key={e.id}>
              <img src={e.source_url} alt="" width={20} height={20} /> :{e.name}:{' '}
              <button className="danger small" onClick={() => void attempt(() => ok(client.DELETE('/realm/emoji/{emoji_name}', { params: { path: { emoji_name: e.name } } })))}>
                Delete
              </button>
            </li>
          ))}
      </ul>
    </Section>
  );
}

function ProfileFields() {
  const s = useStore();
  const typeName = new Map(FIELD_TYPE_CHOICES);
  return (
    <Section title="Custom profile fields">
      <NewProfileField />
      <ul className="plain-list">
        {s.customProfileFields.map((f) => (
          <li key={f.id}>
            {f.name} <span className="hint">{typeName.get(f.type) ?? `Type ${f.type}`}</span> <span className="hint">{f.hint}</span>{' '}
            <button className="danger small" onClick={() => void attempt(() => ok(client.DELETE('/realm/profile_fields/{field_id}', { params: { path: { field_id: f.id } } })))}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Adds a profile field of any of Zulip's types; a List of options takes its options as it is made. */
function NewProfileField() {
  const [name, setName] = useState('');
  const [hint, setHint] = useState('');
  const [type, setType] = useState<number>(FIELD_TYPES.SHORT_TEXT);
  const [options, setOptions] = useState('');
  async function add() {
    const field_data = newFieldData(type, options);
    const done = await attempt(() => ok(client.POST('/realm/profile_fields', { body: { name, hint, field_type: type, ...(field_data === undefined ? {} : { field_data: field_data as never }) } })));
    if (done === undefined) return;
    setName('');
    setHint('');
    setOptions('');
  }
  return (
    <form
      className="form"
      aria-label="Add a profile field"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <Choice label="Type" value={type} options={FIELD_TYPE_CHOICES} onChange={setType} />
      {type !== FIELD_TYPES.EXTERNAL_ACCOUNT && (
        <label>
          Field name
          <input required value={name} onChange={(e) => setName(e.target.value)} />
        </label>
      )}
      <label>
        Hint
        <input value={hint} onChange={(e) => setHint(e.target.value)} />
      </label>
      {type === FIELD_TYPES.SELECT && (
        <label>
          Options (one per line)
          <textarea required rows={3} value={options} onChange={(e) => setOptions(e.target.value)} />
        </label>
      )}
      <button type="submit" className="primary">
        Add field
      </button>
    </form>
  );
}

function Defaults() {
  const s = useStore();
  const [defaults, setDefaults] = useState<number[]>();
  const load = () => attempt(async () => setDefaults((((await ok(client.GET('/default_streams', {}))) as { default_streams: { stream_id: number }[] }).default_streams ?? []).map((d) => d.stream_id)));
  useEffect(() => void load(), []);
  return (
    <Section title="Default channels for new users">
      <ul className="plain-list">
        {[...s.channels.values()]
          .filter((c) => !c.is_archived && !c.invite_only)
          .map((c) => {
            const on = defaults?.includes(c.stream_id) ?? false;
            return (
              <li key={c.stream_id}>
                <Toggle
                  label={`#${c.name}`}
                  checked={on}
                  onChange={(v) =>
                    void attempt(() =>
                      v ? ok(client.POST('/default_streams', { body: { stream_id: c.stream_id } })) : ok(client.DELETE('/default_streams', { params: { query: { stream_id: c.stream_id } } })),
                    ).then(load)
                  }
                />
              </li>
            );
          })}
      </ul>
    </Section>
  );
}
