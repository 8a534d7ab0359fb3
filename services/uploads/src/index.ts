export { startUploadsService, MIGRATIONS_DIR } from './server';
