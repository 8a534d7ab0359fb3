import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';

/**
 * express-gateway names every request (egContext.requestID) with uuid62.v4(): a getrandom
 * system call and a deprecated Buffer() call per request, the latter checked by Node against
 * the caller's stack for a process's first 10,000 calls (7.6 % of the CPU of S4's long polls,
 * 2-4 % of a GET /users/me). Parley never reads the name. The same 122 random bits come from
 * crypto.randomUUID, which draws from a pool of random bytes, as 32 hex digits. uuid62's
 * other user in express-gateway, its credential store (unused by Parley), gets the same.
 * Call before express-gateway serves its first request; the benchmark's C2 and C3 ceilings
 * run express-gateway the same way.
 */
export function cheapRequestIds(): void {
  const eg = dirname(require.resolve('express-gateway/package.json'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const uuid62 = require(require.resolve('uuid62', { paths: [eg] })) as { v4: () => string };
  uuid62.v4 = () => randomUUID().replace(/-/g, '');
}
