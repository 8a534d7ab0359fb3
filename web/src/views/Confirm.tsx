// The page a mailed link opens (/accounts/do_confirm/<key>/): an email invitation, or the
// confirmation of a sign-up through a reusable link. The address is proven by the link, so the
// person gives only a name and a password; then they are logged in.
import { useEffect, useState, type FormEvent } from 'react';
import { client, errorText, logIn, ok } from '../api/client';
import { roleName } from '../store/types';
import { FormError } from './Form';

interface Confirmation {
  realm_name: string;
  email: string;
  invited_as: number;
  is_invitation: boolean;
}

export function Confirm({ confirmKey, onJoined }: { confirmKey: string; onJoined: () => void }) {
  const [info, setInfo] = useState<Confirmation>();
  const [problem, setProblem] = useState<string>();
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    ok(client.GET('/invites/confirm/{key}', { params: { path: { key: confirmKey } } })).then(
      (answer) => setInfo(answer as Confirmation),
      (err) => setProblem(errorText(err)),
    );
  }, [confirmKey]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!info) return;
    setBusy(true);
    setError(undefined);
    try {
      await ok(client.POST('/invites/confirm/{key}', { params: { path: { key: confirmKey } }, body: { full_name: fullName, password } }));
      await logIn(info.email, password);
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
          <h1>Confirmation link</h1>
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
        <p>Checking your link…</p>
      </main>
    );
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={(e) => void submit(e)} aria-labelledby="confirm-title">
        <h1 id="confirm-title">Join {info.realm_name}</h1>
        <p>
          {info.is_invitation ? 'You were invited' : 'You are joining'} as {roleName(info.invited_as).toLowerCase()}, with the address <b>{info.email}</b>.
        </p>
        <label>
          Your name
          <input name="full_name" autoComplete="name" required value={fullName} onChange={(e) => setFullName(e.target.value)} autoFocus />
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
