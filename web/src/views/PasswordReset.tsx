// Password reset by mail (Zulip's /accounts/password/reset/): a form for the address, then
// "Check your email"; the mailed link (/accounts/password/reset/<token>/) asks for a new
// password and signs the person in with it.
import { useState } from 'react';
import { ApiError, client, errorText, logIn, ok } from '../api/client';
import { Checking, LinkProblem, useLinkInfo, useSubmit } from './AuthPage';
import { FormError } from './Form';

export const RESET_PATH = '/accounts/password/reset/';

/** The 429 of the per-address limit, said for a person. */
function resetErrorText(err: unknown): string {
  if (err instanceof ApiError && err.code === 'RATE_LIMIT_HIT') return 'Too many reset requests for this address. Wait a while and try again.';
  return errorText(err);
}

export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const { busy, error, onSubmit } = useSubmit(async () => {
    await ok(client.POST('/password_reset', { body: { email } }));
    setSentTo(email.trim());
  }, resetErrorText);

  if (sentTo)
    return (
      <main className="auth-page">
        <div className="auth-card" role="status">
          <h1>Check your email</h1>
          <p>
            If <b>{sentTo}</b> has an account here, we sent it a link to reset its password. Otherwise we sent a note saying there is none.
          </p>
          <p className="hint">The link works once, within 24 hours. No mail? Look in your spam folder, or check the address and try again.</p>
          <a href="/">Back to the login page</a>
        </div>
      </main>
    );
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={onSubmit} aria-labelledby="forgot-title">
        <h1 id="forgot-title">Reset your password</h1>
        <p className="hint">Enter your email address and we will mail you a link to choose a new password.</p>
        <label>
          Email
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        </label>
        <FormError error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </button>
        <a href="/">Back to the login page</a>
      </form>
    </main>
  );
}

interface ResetInfo {
  email: string;
  full_name: string;
  realm_name: string;
}

export function ResetPassword({ token, onDone }: { token: string; onDone: () => void }) {
  const { info, problem } = useLinkInfo<ResetInfo>(() => ok(client.GET('/password_reset/{token}', { params: { path: { token } } })), token);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const { busy, error, onSubmit } = useSubmit(async () => {
    if (password !== again) throw new Error('The two passwords differ.');
    const { email } = (await ok(client.POST('/password_reset/{token}', { params: { path: { token } }, body: { new_password: password } }))) as { email: string };
    await logIn(email, password);
    onDone();
  });

  if (problem)
    return (
      <LinkProblem title="Password reset link" problem={problem}>
        <a href={RESET_PATH}>Ask for a new link</a>
      </LinkProblem>
    );
  if (!info) return <Checking what="Checking your link…" />;
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={onSubmit} aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        <p className="hint">
          For {info.email} in {info.realm_name}. Every browser signed in to this account will be signed out.
        </p>
        {/* For password managers: the account the new password is for. */}
        <input type="email" name="username" autoComplete="username" value={info.email} readOnly hidden />
        <label>
          New password
          <input type="password" name="new_password" autoComplete="new-password" required minLength={6} maxLength={100} value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </label>
        <label>
          New password again
          <input type="password" name="new_password_again" autoComplete="new-password" required value={again} onChange={(e) => setAgain(e.target.value)} />
        </label>
        <FormError error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Set password and log in'}
        </button>
      </form>
    </main>
  );
}
