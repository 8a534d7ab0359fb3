import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Rule 1 of the house (docs/architecture.md, ADR 0017): no remote call while holding a
 * transaction, a lock or a pooled connection. withTransaction marks its callback's async
 * context; RpcClient asks `remoteCall` before every call, which refuses (PARLEY_STRICT_TRANSACTIONS=1,
 * as in the tests) or logs a warning (production) when the context holds an open transaction,
 * unless the call is made through allowRemoteInTransaction, the named escape hatch.
 *
 * withPrefetchedTransaction keeps the rule for transactions whose remote questions depend on
 * what they read under lock: remote answers are kept by their question (service, method,
 * request, caller), asked before BEGIN, and the transaction only reads them (see there).
 */
interface Context {
  /** The innermost open transaction's: false once it ended (a context outlives it in timers it started). */
  transaction?: { open: boolean };
  /** Why remote calls are allowed here, inside a transaction. */
  allowed?: string;
  /** The answers of withPrefetchedTransaction. */
  kept?: KeptRemoteAnswers;
}

const storage = new AsyncLocalStorage<Context>();

/** Runs fn marked as inside an open transaction (withTransaction). */
export async function markTransaction<T>(fn: () => Promise<T>): Promise<T> {
  const transaction = { open: true };
  try {
    return await storage.run({ ...storage.getStore(), transaction, allowed: undefined }, fn);
  } finally {
    transaction.open = false;
  }
}

/** Whether the caller is inside an open transaction (withTransaction). */
export const inTransaction = (): boolean => !!storage.getStore()?.transaction?.open;

/**
 * The escape hatch: fn may call other services although a transaction is open. For the
 * deliberate exceptions only, each named by its reason (ADR 0017): the attachment claims of a
 * send or an edit (ADR 0009).
 */
export function allowRemoteInTransaction<T>(reason: string, fn: () => Promise<T>): Promise<T> {
  return storage.run({ ...storage.getStore(), allowed: reason }, fn);
}

/** A remote call found inside a transaction: refused in strict mode, else reported. */
export class RemoteCallInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} called inside a transaction (rule 1 of docs/architecture.md, ADR 0017)`);
    this.name = 'RemoteCallInTransactionError';
  }
}

type Reporter = (what: string, err: Error) => void;
let reporter: Reporter = (what, err) => process.emitWarning(err.message, 'RemoteCallInTransaction');
const reported = new Set<string>();

/** Where production reports a remote call inside a transaction (once per RPC): the service's log. */
export function reportRemoteCallsInTransactions(report: Reporter): void {
  reporter = report;
}

const strict = (): boolean => process.env.PARLEY_STRICT_TRANSACTIONS === '1';

/**
 * Every remote call goes through here (RpcClient): `call` makes it. Outside a transaction it
 * just runs (and is kept, in a withPrefetchedTransaction); inside one it is answered from the
 * kept answers, or counts as missing there, or breaks the rule.
 */
export function remoteCall<T>(what: string, question: () => string | undefined, call: () => Promise<T>): Promise<T> {
  const context = storage.getStore();
  if (!context) return call();
  // What the escape hatch allows is made each time: an attachment claim is no question.
  const kept = context.allowed ? undefined : context.kept;
  const key = kept ? keyOf(what, question) : undefined;
  const answer = key !== undefined ? kept!.answer<T>(key) : undefined;
  if (answer) return answer;
  const live = !context.transaction?.open || context.allowed || kept?.lastAttempt;
  if (live) return key !== undefined ? kept!.keep(key, call()) : call();
  if (key !== undefined) return kept!.missing(key, what, call);
  const err = new RemoteCallInTransactionError(what);
  if (strict()) return Promise.reject(err);
  if (!reported.has(what)) {
    reported.add(what);
    reporter(what, err);
  }
  return call();
}

function keyOf(what: string, question: () => string | undefined): string | undefined {
  try {
    const q = question();
    return q === undefined ? undefined : `${what} ${q}`;
  } catch {
    return undefined; // not serialisable (a bigint): not kept
  }
}

/** A remote answer a transaction needed and did not find kept (withPrefetchedTransaction asks it and tries again). */
export class RemoteAnswerMissingError extends Error {
  constructor(what: string) {
    super(`${what} was not asked before the transaction`);
    this.name = 'RemoteAnswerMissingError';
  }
}

class KeptRemoteAnswers {
  /** The last attempt asks what is missing from inside its transaction. */
  lastAttempt = false;
  private readonly answers = new Map<string, Promise<unknown>>();
  /** Asked inside this attempt's transaction, not kept: asked after its rollback. */
  readonly wanted = new Map<string, () => Promise<unknown>>();

  answer<T>(key: string): Promise<T> | undefined {
    return this.answers.get(key) as Promise<T> | undefined;
  }

  keep<T>(key: string, answer: Promise<T>): Promise<T> {
    answer.catch(() => undefined); // an error is answered again where the question is asked
    this.answers.set(key, answer);
    return answer;
  }

  missing<T>(key: string, what: string, call: () => Promise<T>): Promise<T> {
    this.wanted.set(key, call);
    return Promise.reject(new RemoteAnswerMissingError(what));
  }

  /** Asks what the last attempt wanted (outside any transaction), all at once. */
  async askWanted(): Promise<void> {
    const wanted = [...this.wanted];
    this.wanted.clear();
    await Promise.allSettled(wanted.map(([key, call]) => this.keep(key, call())));
  }
}

/** Attempts of withPrefetchedTransaction before its last, which may call other services from inside. */
export const PREFETCH_ATTEMPTS = 3;

/**
 * The attempts of withPrefetchedTransaction (db/index.ts): `attempt` runs the transaction and
 * calls `beforeCommit` before its COMMIT. Remote answers are kept by their question for this
 * one operation: `prefetch` (optional, a hint with no effect but asking) asks what the
 * transaction will need, before BEGIN; inside, the same questions get the kept answers, errors
 * included, at the point they are asked, so which error a request gets does not change. A
 * question not kept (its answer depends on a row read under lock that changed since, or
 * prefetch does not foresee it) fails the attempt: it rolls back, the questions it asked are
 * answered outside any transaction, and it runs again, reading them from what is kept. After
 * PREFETCH_ATTEMPTS such attempts (rows changing under us each time), the last one asks what
 * is still missing from inside, as everything did before the rule, and says so in the log.
 */
export async function runPrefetched<T>(attempt: (beforeCommit: () => void) => Promise<T>, prefetch?: () => Promise<unknown>): Promise<T> {
  const kept = new KeptRemoteAnswers();
  // A RemoteAnswerMissingError the transaction caught must not let it commit.
  const beforeCommit = () => {
    if (kept.wanted.size) throw new RemoteAnswerMissingError([...kept.wanted.keys()][0]);
  };
  return storage.run({ ...storage.getStore(), kept, transaction: undefined, allowed: undefined }, async () => {
    if (prefetch) await prefetch().catch(() => undefined);
    for (let n = 1; ; n++) {
      if (n > PREFETCH_ATTEMPTS) {
        kept.lastAttempt = true;
        reporter('withPrefetchedTransaction', new Error(`remote answers still missing after ${PREFETCH_ATTEMPTS} attempts; asking from inside the transaction`));
      }
      try {
        return await attempt(beforeCommit);
      } catch (err) {
        if (!kept.wanted.size || kept.lastAttempt) throw err;
      }
      await kept.askWanted();
    }
  });
}
