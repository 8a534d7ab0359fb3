// The page a mailed link opens (/accounts/do_confirm/<key>/): an email invitation, or the
// confirmation of a sign-up through a reusable link. The address is proven by the link, so the
// person gives only a name and a password; then they are logged in.
import { useState } from 'react';
import { client, logIn, ok } from '../api/client';
import { roleName } from '../store/types';
import { Checking, LinkProblem, useLinkInfo, useSubmit } from './AuthPage';
import { FormError } from './Form';

interface Confirmation {
  realm_name: string;
  email: string;
  invited_as: number;
  is_invitation: boolean;
}

export function Confirm({ confirmKey, onJoined }: { confirmKey: string; onJoined: () => void }) {
  const { info, problem } = useLinkInfo<Confirmation>(() => ok(client.GET('/invites/confirm/{key}', { params: { path: { key: confirmKey } } })), confirmKey);
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, onSubmit } = useSubmit(async () => {
    if (!info) return;
    await ok(client.POST('/invites/confirm/{key}', { params: { path: { key: confirmKey } }, body: { full_name: fullName, password } }));
    await logIn(info.email, password);
    onJoined();
  });

  if (problem) return <LinkProblem title="Confirmation link" problem={problem} />;
  if (!info) return <Checking what="Checking your link…" />;
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={onSubmit} aria-labelledby="confirm-title">
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
