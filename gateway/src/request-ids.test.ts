import { dirname } from 'node:path';
import { cheapRequestIds } from './request-ids';

describe('cheapRequestIds', () => {
  it('gives express-gateway\'s requests unique random IDs without its per-request random bytes', () => {
    const eg = dirname(require.resolve('express-gateway/package.json'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const EgContextBase = require(require.resolve('express-gateway/lib/gateway/context', { paths: [eg] })) as new () => { requestID: string };
    cheapRequestIds();
    const crypto = jest.requireActual('node:crypto') as typeof import('node:crypto');
    const randomBytes = jest.spyOn(crypto, 'randomBytes');
    const ids = new Set(Array.from({ length: 1000 }, () => new EgContextBase().requestID));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(randomBytes).not.toHaveBeenCalled();
    randomBytes.mockRestore();
  });
});
