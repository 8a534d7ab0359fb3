import { routes } from '@parley/common/api';
import { CALLERS, expectedOutcome, ROLES, routeAccess, routeKey } from './support/route-access';

describe('the route access table', () => {
  it('has a row for every route', () => {
    expect(routes.map(routeKey).filter((k) => !(k in routeAccess))).toEqual([]);
  });

  it('has no row that names no route', () => {
    const known = new Set(routes.map(routeKey));
    expect(Object.keys(routeAccess).filter((k) => !known.has(k))).toEqual([]);
  });

  it('names only known roles and callers', () => {
    for (const [key, access] of Object.entries(routeAccess)) {
      expect({ key, unknown: access.allowed.filter((r) => !ROLES.includes(r)) }).toEqual({ key, unknown: [] });
      expect({ key, unknown: Object.keys(access.except ?? {}).filter((c) => !CALLERS.includes(c as never)) }).toEqual({ key, unknown: [] });
    }
  });

  it('refuses callers without valid credentials on every authenticated route', () => {
    for (const route of routes.filter((r) => r.auth === 'user')) {
      expect([routeKey(route), expectedOutcome(route, 'anonymous')]).toEqual([routeKey(route), { status: 401, code: 'UNAUTHORIZED' }]);
      expect([routeKey(route), expectedOutcome(route, 'deactivated')]).toEqual([routeKey(route), { status: 401, code: 'USER_DEACTIVATED' }]);
    }
  });

  it('gives every refusal an error status', () => {
    for (const route of routes) {
      for (const caller of CALLERS) {
        const outcome = expectedOutcome(route, caller);
        if (outcome !== 'success') expect([routeKey(route), caller, outcome.status >= 400 && outcome.status < 500]).toEqual([routeKey(route), caller, true]);
      }
    }
  });

  it('fails for a route without a row', () => {
    expect(() => expectedOutcome({ method: 'GET', path: '/no_such_route', auth: 'user' }, 'owner')).toThrow(/no row/);
  });
});
