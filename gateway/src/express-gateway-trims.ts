import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';

/**
 * Per-request work express-gateway does that Parley never uses, taken out before it serves
 * its first request. The benchmark's C2 and C3 ceilings run express-gateway the same way
 * (test/bench/ceilings/stack.mjs), so that they stay the least a Parley endpoint can cost.
 */
export function trimExpressGateway(): void {
  cheapRequestIds();
  skipPassportInitialize();
}

/** A module as express-gateway itself resolves it (its own copy, if it has one). */
export function fromExpressGateway<T>(name: string): T {
  const eg = dirname(require.resolve('express-gateway/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a module resolved from express-gateway's own folder at run time
  return require(require.resolve(name, { paths: [eg] })) as T;
}

/**
 * express-gateway names every request (egContext.requestID) with uuid62.v4(): a getrandom
 * system call and a deprecated Buffer() call per request, the latter checked by Node against
 * the caller's stack for a process's first 10,000 calls (7.6 % of the CPU of S4's long polls,
 * 2-4 % of a GET /users/me). Parley never reads the name. The same 122 random bits come from
 * crypto.randomUUID, which draws from a pool of random bytes, as 32 hex digits. uuid62's
 * other user in express-gateway, its credential store (unused by Parley), gets the same.
 */
export function cheapRequestIds(): void {
  fromExpressGateway<{ v4: () => string }>('uuid62').v4 = () => randomUUID().replace(/-/g, '');
}

/**
 * express-gateway puts `passport.initialize()` in front of every request: eight properties
 * set on each request (req.login, req.isAuthenticated, …) for passport's login sessions, 4 %
 * of the CPU of S4's long polls. Parley authenticates in its own policy and has no sessions
 * of passport's; passport's `authenticate` (express-gateway's own auth policies, which Parley
 * does not configure) sets what it needs itself. The middleware becomes a pass-through.
 */
export function skipPassportInitialize(): void {
  fromExpressGateway<{ initialize: () => unknown }>('passport').initialize = () =>
    function passportNotUsed(_req: unknown, _res: unknown, next: () => void) {
      next();
    };
}
