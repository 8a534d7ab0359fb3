// The sign-up page of a reusable invitation link (/join/<key>/): the person gives their email
// address, and Parley mails it a link to /accounts/do_confirm/<key>/ (Confirm.tsx), where the
// account is made. The answer is the same whatever the address (it tells nobody who has an
// account here), so the page always says to check the mail.
import { useState } from 'react';
import { client, ok } from '../api/client';
import { Checking, LinkProblem, useLinkInfo, useSubmit } from './AuthPage';
import { FormError } from './Form';

interface InviteInfo {
  realm_name: string;
  invited_as: number;
}

export function Join({ inviteKey }: { inviteKey: string }) {
  const { info, problem } = useLinkInfo<InviteInfo>(() => ok(client.GET('/invites/link/{key}', { params: { path: { key: inviteKey } } })), inviteKey);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const { busy, error, onSubmit } = useSubmit(async () => {
    await ok(client.POST('/invites/link/{key}/accept', { params: { path: { key: inviteKey } }, body: { email } }));
    setSentTo(email);
  });

  if (problem) return <LinkProblem title="Invitation link" problem={problem} />;
  if (!info) return <Checking what="Checking your invitation…" />;
  if (sentTo)
    return (
      <main className="auth-page">
        <div className="auth-card">
          <h1>Check your email</h1>
          <p role="status">
            We sent a message to <b>{sentTo}</b>. Follow the link in it to finish signing up for {info.realm_name}.
          </p>
        </div>
      </main>
    );
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={onSubmit} aria-labelledby="join-title">
        <h1 id="join-title">Join {info.realm_name}</h1>
        <p>Enter your email address: we will send you a link to finish signing up.</p>
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        </label>
        <FormError error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Sending…' : 'Sign up'}
        </button>
      </form>
    </main>
  );
}
