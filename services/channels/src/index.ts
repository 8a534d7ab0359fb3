export { startChannelsService, MIGRATIONS_DIR } from './server';
