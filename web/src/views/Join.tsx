// Sign-up through an invitation link (/join/<key>/): the link's key is the proof. Parley sends
// no email, so this replaces Zulip's confirmation pages (docs/api.md, "Invitations").
import { useEffect, useState, type FormEvent } from 'react';
import { client, errorText, logIn, ok } from '../api/client';
import { FormError } from './Form';

interface InviteInfo {
  realm_name: string;
  invited_as: number;
}

export function Join({ inviteKey, onJoined }: { inviteKey: string; onJoined: () => void }) {
  const [info, setInfo] = useState<InviteInfo>();
  const [problem, setProblem] = useState<string>();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    ok(client.GET('/invites/link/{key}', { params: { path: { key: inviteKey } } })).then(
      (answer) => setInfo(answer as InviteInfo),
      (err) => setProblem(errorText(err)),
    );
  }, [inviteKey]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await ok(client.POST('/invites/link/{key}/accept', { params: { path: { key: inviteKey } }, body: { email, full_name: fullName, password } }));
      await logIn(email, password);
      onJoined();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  if (problem)
    return (
      <main className="auth-page">
        <div className="auth-card">
          <h1>Invitation link</h1>
          <p role="alert" className="error">
            {problem}
          </p>
          <a href="/">Go to the login page</a>
        </div>
      </main>
    );
  if (!info)
    return (
      <main className="splash" aria-busy="true">
        <p>Checking your invitation…</p>
      </main>
    );
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={(e) => void submit(e)} aria-labelledby="join-title">
        <h1 id="join-title">Join {info.realm_name}</h1>
        <label>
          Your name
          <input name="full_name" autoComplete="name" required value={fullName} onChange={(e) => setFullName(e.target.value)} autoFocus />
        </label>
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <FormError error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Creating your account…' : 'Sign up'}
        </button>
      </form>
    </main>
  );
}
