export { startMessagesService, MIGRATIONS_DIR } from './server';
