import { ROUTE_RPCS } from '@parley/common/api';
import { routes } from '../routes';
import { routeKey } from './generate';

/**
 * The services type their handlers' replies by ROUTE_RPCS (services/common/src/api/
 * route-rpcs.ts): it must say exactly what the route table says, or a handler would be typed
 * by another route's response.
 */
describe('ROUTE_RPCS', () => {
  it('names, for every route of the table, its service and RPC, and nothing else', () => {
    const fromTable: Record<string, Record<string, string[]>> = {};
    for (const r of routes) ((fromTable[r.service] ??= {})[r.rpc] ??= []).push(routeKey(r));
    const declared = JSON.parse(JSON.stringify(ROUTE_RPCS)) as Record<string, Record<string, string[]>>;
    expect(declared).toEqual(fromTable);
  });
});
