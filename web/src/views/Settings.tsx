// Personal settings: profile, display, notifications, alert words, muted users and topics,
// drafts, and the password. Each change is one PATCH /settings (or its own endpoint); the
// event it causes updates every open tab.
import { useState, type FormEvent } from 'react';
import { client, errorText, ok, postFile } from '../api/client';
import { askNotificationPermission } from '../lib/notifications';
import { attempt, showToast } from '../lib/toasts';
import { useStore } from '../lib/use-store';
import { FIELD_TYPES, personIds, selectOptions } from '../lib/profile-fields';
import type { State } from '../store/store';
import { VisibilityPolicy } from '../store/types';
import { AddForm, Choice, FormError, PersonPicker, Section, TextSetting, Toggle } from './Form';
import { byName } from '../lib/collate';

const SECTIONS: [string, string][] = [
  ['profile', 'Profile'],
  ['preferences', 'Display and composing'],
  ['notifications', 'Notifications'],
  ['alert-words', 'Alert words'],
  ['muted', 'Muted users and topics'],
  ['account', 'Account and password'],
];

export const saveSetting = (name: string, value: unknown) => attempt(() => ok(client.PATCH('/settings', { body: { [name]: value } })));

export function Settings({ section }: { section: string }) {
  return (
    <section className="settings" aria-labelledby="settings-title">
      <div className="feed-header">
        <h1 id="settings-title">Personal settings</h1>
      </div>
      <nav className="tabs" aria-label="Settings sections">
        {SECTIONS.map(([key, label]) => (
          <a key={key} href={`#settings/${key}`} aria-current={section === key ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <div className="settings-body">
        {section === 'profile' && <Profile />}
        {section === 'preferences' && <Preferences />}
        {section === 'notifications' && (
          <>
            <Notifications />
            <EmailNotifications />
          </>
        )}
        {section === 'alert-words' && <AlertWords />}
        {section === 'muted' && <Muted />}
        {section === 'account' && <Account />}
      </div>
    </section>
  );
}

function Profile() {
  const s = useStore();
  const status = s.userStatus.get(s.me.user_id);
  return (
    <Section title="Profile">
      <TextSetting label="Name" value={s.me.full_name} onSave={(v) => saveSetting('full_name', v)} />
      <TextSetting label="Status" value={status?.status_text ?? ''} onSave={(v) => attempt(() => ok(client.POST('/users/me/status', { body: { status_text: v } })))} />
      <Toggle label="Away" checked={Boolean(status?.away)} onChange={(v) => void attempt(() => ok(client.POST('/users/me/status', { body: { away: v } })))} />
      <EmailChange />
      <Avatar />
      <ProfileFieldValues />
    </Section>
  );
}

/**
 * The account's email address. A change takes effect only once the link Parley mails to the
 * new address is followed (as Zulip's): until then the form says to check that mailbox.
 */
function EmailChange() {
  const s = useStore();
  const current = s.users.get(s.me.user_id)?.delivery_email ?? s.me.email;
  const [typed, setTyped] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await ok(client.PATCH('/settings', { body: { email: typed.trim() } }));
      setSentTo(typed.trim());
      setTyped('');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="inline-form" onSubmit={(e) => void submit(e)} aria-label="Change email address" noValidate>
      <p className="hint">Email: {current}</p>
      <label>
        New email address
        <input type="email" name="new_email" autoComplete="email" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
      <button type="submit" disabled={busy || !typed.trim()}>
        Change email
      </button>
      <FormError error={error} />
      {sentTo && (
        <p role="status" className="hint">
          Check your email ({sentTo}) to confirm the new address.
        </p>
      )}
    </form>
  );
}

/**
 * The user's own values of the organization's custom profile fields, each in the input its type
 * takes; saved one field at a time (PATCH /users/me/profile_data), cleared by saving it empty
 * (DELETE). Fields the organization keeps for administrators are shown, not editable.
 */
function ProfileFieldValues() {
  const s = useStore();
  const mine = s.users.get(s.me.user_id)?.profile_data ?? {};
  const fields = [...s.customProfileFields].sort((a, b) => a.order - b.order);
  if (!fields.length) return null;
  const save = (id: number, value: string | number[]) =>
    attempt(() =>
      (Array.isArray(value) ? value.length : value.trim())
        ? ok(client.PATCH('/users/me/profile_data', { body: { data: JSON.stringify([{ id, value }]) } }))
        : ok(client.DELETE('/users/me/profile_data', { params: { query: { data: JSON.stringify([id]) } } })),
    );
  return (
    <fieldset className="profile-fields">
      <legend>About you</legend>
      {fields.map((f) => {
        const value = mine[f.id]?.value ?? '';
        const label = f.required ? `${f.name} (required)` : f.name;
        if (f.editable_by_user === false)
          return (
            <p key={f.id}>
              {f.name}: {value || '—'} <span className="hint">(set by administrators)</span>
            </p>
          );
        return (
          <div key={f.id} className="profile-field">
            <ProfileFieldInput field={f} label={label} value={value} onSave={(v) => save(f.id, v)} />
            {f.hint && <p className="hint">{f.hint}</p>}
          </div>
        );
      })}
    </fieldset>
  );
}

function ProfileFieldInput({ field, label, value, onSave }: { field: State['customProfileFields'][number]; label: string; value: string; onSave: (v: string | number[]) => Promise<unknown> }) {
  const s = useStore();
  switch (field.type) {
    case FIELD_TYPES.SELECT:
      return <Choice label={label} value={value} options={[['', '—'], ...selectOptions(field.field_data).map((o): [string, string] => [o.key, o.text])]} onChange={(v) => void onSave(v)} />;
    case FIELD_TYPES.USER: {
      const people = [...s.users.values()].filter((u) => u.is_active && !u.is_bot).sort((a, b) => byName(a.full_name, b.full_name));
      const chosen = personIds(value);
      return (
        <div className="person-field">
          <span>{label}</span>
          <ul className="chips" aria-label={`${field.name}: people`}>
            {chosen.map((id) => (
              <li key={id}>
                {s.users.get(id)?.full_name ?? `User ${id}`}{' '}
                <button className="small" aria-label={`Remove ${s.users.get(id)?.full_name ?? id}`} onClick={() => void onSave(chosen.filter((c) => c !== id))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
          <PersonPicker label={`Add to ${field.name}`} people={people.filter((u) => !chosen.includes(u.user_id))} submit="Add" onPick={(id) => void onSave([...chosen, id])} />
        </div>
      );
    }
    case FIELD_TYPES.LONG_TEXT:
      return <TextSetting label={label} value={value} onSave={onSave} multiline />;
    case FIELD_TYPES.DATE:
      return <TextSetting label={label} value={value} onSave={onSave} type="date" />;
    case FIELD_TYPES.URL:
      return <TextSetting label={label} value={value} onSave={onSave} type="url" />;
    default:
      return <TextSetting label={label} value={value} onSave={onSave} />;
  }
}

/** The user's avatar: upload one (Zulip's POST /users/me/avatar), or go back to the default. */
function Avatar() {
  const s = useStore();
  const url = s.users.get(s.me.user_id)?.avatar_url ?? undefined;
  const [busy, setBusy] = useState(false);
  async function upload(file: File) {
    setBusy(true);
    await attempt(() => postFile('/json/users/me/avatar', file));
    setBusy(false);
  }
  return (
    <div className="avatar-setting">
      {url && <img className="avatar large" src={url} alt="Your avatar" width={100} height={100} />}
      <label className="button">
        {busy ? 'Uploading…' : 'Upload a new avatar'}
        <input type="file" accept="image/*" hidden onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
      </label>
      <button onClick={() => void attempt(() => ok(client.DELETE('/users/me/avatar', {})))}>Use the default avatar</button>
    </div>
  );
}

function Preferences() {
  const s = useStore();
  const st = s.settings;
  return (
    <Section title="Display and composing">
      <Choice
        label="Theme"
        value={st.color_scheme}
        options={[
          [1, 'Automatic (follow the system)'],
          [2, 'Light'],
          [3, 'Dark'],
        ]}
        onChange={(v) => void saveSetting('color_scheme', v)}
      />
      <Toggle label="Use 24-hour time" checked={st.twenty_four_hour_time} onChange={(v) => void saveSetting('twenty_four_hour_time', v)} />
      <Choice
        label="Font size"
        value={st.web_font_size_px ?? 16}
        options={[12, 14, 15, 16, 18, 20].map((n): [number, string] => [n, `${n} px`])}
        onChange={(v) => void saveSetting('web_font_size_px', v)}
      />
      <Toggle label="Enter sends the message (otherwise Ctrl+Enter)" checked={st.enter_sends} onChange={(v) => void saveSetting('enter_sends', v)} />
      <Choice
        label="Mark messages as read on scroll"
        value={st.web_mark_read_on_scroll_policy ?? 1}
        options={[
          [1, 'Always'],
          [2, 'Only in conversation views'],
          [3, 'Never'],
        ]}
        onChange={(v) => void saveSetting('web_mark_read_on_scroll_policy', v)}
      />
      <Toggle label="Synchronize drafts with the server" checked={st.enable_drafts_synchronization} onChange={(v) => void saveSetting('enable_drafts_synchronization', v)} />
      <Toggle label="Let others see when I'm typing in direct messages" checked={st.send_private_typing_notifications} onChange={(v) => void saveSetting('send_private_typing_notifications', v)} />
      <Toggle label="Let others see when I'm typing in channels" checked={st.send_stream_typing_notifications} onChange={(v) => void saveSetting('send_stream_typing_notifications', v)} />
    </Section>
  );
}

function Notifications() {
  const s = useStore();
  const st = s.settings;
  const [permission, setPermission] = useState(typeof Notification === 'undefined' ? 'denied' : Notification.permission);
  return (
    <Section title="Notifications">
      {permission !== 'granted' && (
        <p>
          Your browser does not show Parley&apos;s notifications yet.{' '}
          <button onClick={() => void askNotificationPermission().then(setPermission)} disabled={permission === 'denied'}>
            {permission === 'denied' ? 'Blocked in the browser' : 'Allow desktop notifications'}
          </button>
        </p>
      )}
      <Toggle label="Desktop notifications for direct messages and mentions" checked={st.enable_desktop_notifications} onChange={(v) => void saveSetting('enable_desktop_notifications', v)} />
      <Toggle
        label="Desktop notifications for every channel message (unless a channel says otherwise)"
        checked={st.enable_stream_desktop_notifications}
        onChange={(v) => void saveSetting('enable_stream_desktop_notifications', v)}
      />
      <Toggle
        label="Desktop notifications for followed topics"
        checked={Boolean(st.enable_followed_topic_desktop_notifications)}
        onChange={(v) => void saveSetting('enable_followed_topic_desktop_notifications', v)}
      />
      <Toggle
        label="Show the content of direct messages in notifications"
        checked={st.pm_content_in_desktop_notifications}
        onChange={(v) => void saveSetting('pm_content_in_desktop_notifications', v)}
      />
    </Section>
  );
}

/** Zulip's choices for email_notifications_batching_period_seconds (2 minutes to a week). */
const BATCHING_PERIODS: [number, string][] = [
  [120, '2 minutes'],
  [300, '5 minutes'],
  [600, '10 minutes'],
  [1800, '30 minutes'],
  [3600, '1 hour'],
  [21600, '6 hours'],
  [86400, '1 day'],
  [604800, '1 week'],
];

/** Zulip's Notifications → Email: the mails Parley sends a user who is away. */
function EmailNotifications() {
  const st = useStore().settings;
  const period = Number(st.email_notifications_batching_period_seconds ?? 120);
  const periods: [number, string][] = BATCHING_PERIODS.some(([p]) => p === period) ? BATCHING_PERIODS : [...BATCHING_PERIODS, [period, `${period} seconds`]];
  return (
    <Section title="Email">
      <Toggle
        label="Email me direct messages and mentions when I'm away"
        checked={Boolean(st.enable_offline_email_notifications)}
        onChange={(v) => void saveSetting('enable_offline_email_notifications', v)}
      />
      <Toggle
        label="Email me messages of topics I follow when I'm away"
        checked={Boolean(st.enable_followed_topic_email_notifications)}
        onChange={(v) => void saveSetting('enable_followed_topic_email_notifications', v)}
      />
      <Choice label="Delay before sending message notification emails" value={period} options={periods} onChange={(v) => void saveSetting('email_notifications_batching_period_seconds', v)} />
      <Toggle
        label="Include message content in message notification emails"
        checked={Boolean(st.message_content_in_email_notifications)}
        onChange={(v) => void saveSetting('message_content_in_email_notifications', v)}
      />
      <Choice
        label="Include organization name in subject of message notification emails"
        value={Number(st.realm_name_in_email_notifications_policy ?? 1)}
        options={[
          [1, 'Automatically'],
          [2, 'Always'],
          [3, 'Never'],
        ]}
        onChange={(v) => void saveSetting('realm_name_in_email_notifications_policy', v)}
      />
      <Toggle label="Send digest emails when I'm away" checked={Boolean(st.enable_digest_emails)} onChange={(v) => void saveSetting('enable_digest_emails', v)} />
      <Toggle label="Send email notifications for new logins to my account" checked={Boolean(st.enable_login_emails)} onChange={(v) => void saveSetting('enable_login_emails', v)} />
    </Section>
  );
}

function AlertWords() {
  const s = useStore();
  return (
    <Section title="Alert words">
      <p className="hint">A message containing one of these words notifies you as a mention does.</p>
      <AddForm
        label="Add an alert word"
        fields={[{ name: 'word', label: 'New alert word' }]}
        submit="Add"
        onAdd={({ word }) => attempt(() => ok(client.POST('/users/me/alert_words', { body: { alert_words: [word.trim()] } })))}
      />
      <ul className="plain-list">
        {s.alertWords.map((w) => (
          <li key={w}>
            {w}{' '}
            <button
              className="small"
              aria-label={`Remove alert word ${w}`}
              onClick={() => void attempt(() => ok(client.DELETE('/users/me/alert_words', { params: { query: { alert_words: JSON.stringify([w]) } } })))}
            >
              Remove
            </button>
          </li>
        ))}
        {s.alertWords.length === 0 && <li className="empty">No alert words.</li>}
      </ul>
    </Section>
  );
}

function Muted() {
  const s = useStore();
  const topics = [...s.userTopics].filter(([, p]) => p === VisibilityPolicy.MUTED);
  return (
    <>
      <Section title="Muted users">
        <ul className="plain-list">
          {[...s.mutedUsers].map((id) => (
            <li key={id}>
              {s.users.get(id)?.full_name ?? id}{' '}
              <button className="small" onClick={() => void attempt(() => ok(client.DELETE('/users/me/muted_users/{muted_user_id}', { params: { path: { muted_user_id: id } } })))}>
                Unmute
              </button>
            </li>
          ))}
          {s.mutedUsers.size === 0 && <li className="empty">You have not muted anyone.</li>}
        </ul>
        <MuteSomeone />
      </Section>
      <Section title="Muted topics">
        <ul className="plain-list">
          {topics.map(([key]) => {
            const [streamId, topic] = key.split('\0');
            return (
              <li key={key}>
                #{s.channels.get(Number(streamId))?.name ?? streamId} › {topic}{' '}
                <button
                  className="small"
                  onClick={() => void attempt(() => ok(client.POST('/user_topics', { body: { stream_id: Number(streamId), topic, visibility_policy: VisibilityPolicy.INHERIT } })))}
                >
                  Unmute
                </button>
              </li>
            );
          })}
          {topics.length === 0 && <li className="empty">No muted topics.</li>}
        </ul>
      </Section>
    </>
  );
}

function MuteSomeone() {
  const s = useStore();
  const people = [...s.users.values()].filter((u) => u.is_active && u.user_id !== s.me.user_id && !s.mutedUsers.has(u.user_id)).sort((a, b) => byName(a.full_name, b.full_name));
  return (
    <PersonPicker
      label="Mute someone"
      people={people}
      submit="Mute"
      onPick={(id) => void attempt(() => ok(client.POST('/users/me/muted_users/{muted_user_id}', { params: { path: { muted_user_id: id } } })))}
    />
  );
}

function Account() {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  return (
    <Section title="Password">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void attempt(() => ok(client.PATCH('/settings', { body: { old_password: oldPassword, new_password: newPassword } }))).then((done) => {
            if (done === undefined) return;
            showToast('Your password is changed.');
            setOld('');
            setNew('');
          });
        }}
      >
        <label>
          Current password
          <input type="password" autoComplete="current-password" value={oldPassword} onChange={(e) => setOld(e.target.value)} required />
        </label>
        <label>
          New password
          <input type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} required />
        </label>
        <button type="submit" className="primary">
          Change password
        </button>
      </form>
    </Section>
  );
}
