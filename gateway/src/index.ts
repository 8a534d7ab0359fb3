export { startGateway } from './shell';
export type { RunningGateway } from './shell';
export { readGatewayConfig } from './config';
export type { GatewayConfig } from './config';
export { routes } from '@parley/common/api';
export type { Route } from '@parley/common/api';
