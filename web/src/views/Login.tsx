import { useState, type FormEvent } from 'react';
import { errorText, logIn } from '../api/client';
import { FormError } from './Form';
import { RESET_PATH } from './PasswordReset';

export function Login({ notice, onLoggedIn }: { notice?: string; onLoggedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await logIn(email, password);
      onLoggedIn();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={(e) => void submit(e)} aria-labelledby="login-title">
        <h1 id="login-title">Log in to Parley</h1>
        {notice && <p className="notice">{notice}</p>}
        <label>
          Email
          <input type="email" name="username" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <FormError error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
        <a href={RESET_PATH}>Forgot your password?</a>
        <p className="hint">New here? Ask an administrator for an invitation link.</p>
      </form>
    </main>
  );
}
