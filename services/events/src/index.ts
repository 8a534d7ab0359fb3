export { startEventsService, MIGRATIONS_DIR } from './server';
