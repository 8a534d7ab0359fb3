export { startEventsService, createQueueStore } from './server';
export { readEventsConfig } from './config';
export type { EventsConfig } from './config';
