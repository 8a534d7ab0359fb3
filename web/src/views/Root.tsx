// What the page is: the sign-up page of an invitation link (/join/<key>/), the page a mailed
// invitation or sign-up confirmation opens (/accounts/do_confirm/<key>/), the password-reset
// pages (/accounts/password/reset/ and its mailed links), the login page, or
// the app once POST /register answered. A 401 at any time (the session expired, or was logged
// out in another tab) returns here, to the login page.
import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorText, onSessionEnded } from '../api/client';
import { EventQueue } from '../store/events';
import { App } from './App';
import { Confirm } from './Confirm';
import { Join } from './Join';
import { Login } from './Login';
import { ForgotPassword, ResetPassword } from './PasswordReset';

type Phase =
  | { kind: 'starting' }
  | { kind: 'login'; notice?: string }
  | { kind: 'join'; key: string }
  | { kind: 'forgot' }
  | { kind: 'reset'; token: string }
  | { kind: 'confirm'; key: string }
  | { kind: 'app'; queue: EventQueue }
  | { kind: 'failed'; message: string };

const joinKey = (): string | undefined => /^\/join\/([^/]+)\/?$/.exec(location.pathname)?.[1];
const resetPage = (): Phase | undefined => {
  const m = /^\/accounts\/password\/reset(?:\/([^/]+))?\/?$/.exec(location.pathname);
  if (!m) return undefined;
  return m[1] ? { kind: 'reset', token: m[1] } : { kind: 'forgot' };
};
const confirmKey = (): string | undefined => /^\/accounts\/do_confirm\/([^/]+)\/?$/.exec(location.pathname)?.[1];
const firstPhase = (): Phase => {
  if (joinKey()) return { kind: 'join', key: joinKey()! };
  if (confirmKey()) return { kind: 'confirm', key: confirmKey()! };
  return resetPage() ?? { kind: 'starting' };
};

export function Root() {
  const [phase, setPhase] = useState<Phase>(firstPhase);

  // Registers (after the page loads, a login or a sign-up) and shows the app, or the login page on a 401.
  const start = useCallback(async (): Promise<Phase> => {
    const queue = new EventQueue();
    queue.onSessionEnded = () => setPhase({ kind: 'login', notice: 'Your session ended. Log in again.' });
    try {
      await queue.start();
      return { kind: 'app', queue };
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return { kind: 'login' };
      return { kind: 'failed', message: errorText(err) };
    }
  }, []);

  const restart = () => {
    setPhase({ kind: 'starting' });
    void start().then(setPhase);
  };
  const [initial] = useState(phase.kind);
  useEffect(() => {
    if (initial === 'starting') void start().then(setPhase);
  }, [initial, start]);

  useEffect(
    () =>
      onSessionEnded(() =>
        setPhase((p) => {
          if (p.kind === 'app') p.queue.stop();
          return p.kind === 'login' || p.kind === 'join' || p.kind === 'confirm' || p.kind === 'forgot' || p.kind === 'reset' ? p : { kind: 'login', notice: 'Your session ended. Log in again.' };
        }),
      ),
    [],
  );

  switch (phase.kind) {
    case 'starting':
      return (
        <main className="splash" aria-busy="true">
          <p>Loading Parley…</p>
        </main>
      );
    case 'failed':
      return (
        <main className="splash">
          <p role="alert">{phase.message}</p>
          <button onClick={restart}>Try again</button>
        </main>
      );
    case 'login':
      return <Login notice={phase.notice} onLoggedIn={restart} />;
    case 'forgot':
      return <ForgotPassword />;
    case 'reset':
      return (
        <ResetPassword
          token={phase.token}
          onDone={() => {
            history.replaceState(null, '', '/');
            restart();
          }}
        />
      );
    case 'join':
      return <Join inviteKey={phase.key} />;
    case 'confirm':
      return (
        <Confirm
          confirmKey={phase.key}
          onJoined={() => {
            history.replaceState(null, '', '/');
            restart();
          }}
        />
      );
    case 'app':
      return (
        <App
          onLoggedOut={() => {
            phase.queue.stop();
            setPhase({ kind: 'login', notice: 'You are logged out.' });
          }}
        />
      );
  }
}
