import { cheapRequestIds, fromExpressGateway, skipPassportInitialize } from './express-gateway-trims';

describe('cheapRequestIds', () => {
  it("gives express-gateway's requests unique random IDs without its per-request random bytes", () => {
    const EgContextBase = fromExpressGateway<new () => { requestID: string }>('express-gateway/lib/gateway/context');
    cheapRequestIds();
    const crypto = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const randomBytes = jest.spyOn(crypto, 'randomBytes');
    const ids = new Set(Array.from({ length: 1000 }, () => new EgContextBase().requestID));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(randomBytes).not.toHaveBeenCalled();
    randomBytes.mockRestore();
  });
});

describe('skipPassportInitialize', () => {
  type Middleware = (req: object, res: object, next: () => void) => void;

  it('makes the passport.initialize() express-gateway installs pass each request on untouched', () => {
    const passport = fromExpressGateway<{ initialize: () => Middleware }>('passport');
    skipPassportInitialize();
    const req = {};
    const next = jest.fn();
    passport.initialize()(req, {}, next);
    expect(next).toHaveBeenCalledTimes(1);
    expect(req).toEqual({});
  });
});
