export { startGateway } from './shell';
export type { RunningGateway } from './shell';
export { readGatewayConfig } from './config';
export type { GatewayConfig } from './config';
export { routes } from './routes';
export type { Route } from './routes';
