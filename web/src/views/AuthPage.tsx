// What the pages before sign-in share (Join, Confirm, ForgotPassword, ResetPassword): the
// look-up of what a mailed or shared link names, its two other faces (still checking, no longer
// valid), and a form's submit with its busy state and error.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { errorText } from '../api/client';

/** What a link's key names, asked once: `info` when the server describes it, `problem` when it refuses it. */
export function useLinkInfo<T>(describe: () => Promise<unknown>, key: string): { info?: T; problem?: string } {
  const [state, setState] = useState<{ info?: T; problem?: string }>({});
  useEffect(() => {
    describe().then(
      (answer) => setState({ info: answer as T }),
      (err) => setState({ problem: errorText(err) }),
    );
    // Asked again only for another key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

/** A form's submit: `action` runs once at a time; its error (said by `describeError`) is shown until the next try. */
export function useSubmit(action: () => Promise<void>, describeError: (err: unknown) => string = errorText) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function run() {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }
  return {
    busy,
    error,
    setError,
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      void run();
    },
  };
}

/** A link the server no longer takes (used, expired, revoked, unknown): why, and where to go instead. */
export function LinkProblem({ title, problem, children }: { title: string; problem: string; children?: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>{title}</h1>
        <p role="alert" className="error">
          {problem}
        </p>
        {children}
        <a href="/">Go to the login page</a>
      </div>
    </main>
  );
}

export function Checking({ what }: { what: string }) {
  return (
    <main className="splash" aria-busy="true">
      <p>{what}</p>
    </main>
  );
}
