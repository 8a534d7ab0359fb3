export { startUploadsService, MIGRATIONS_DIR } from './server';
export type { RunningUploadsService } from './server';
export { readUploadsConfig } from './config';
export type { UploadsConfig } from './config';
export { createFileStore, readStorageConfig } from './storage';
export type { FileStore, StorageConfig } from './storage';
