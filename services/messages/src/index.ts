export { startMessagesService, MIGRATIONS_DIR } from './server';
export { readMessagesConfig } from './config';
export type { MessagesConfig } from './config';
