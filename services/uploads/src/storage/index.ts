export type { FileStore, StoredObject } from './store';
export { TooLargeError, InvalidKeyError, RangeNotSatisfiableError, validateKey } from './store';
export { FolderStore } from './folder-store';
export type { S3StoreConfig } from './s3-store';
export { S3Store } from './s3-store';
export type { StorageConfig, FolderStorageConfig, S3StorageConfig } from './config';
export { readStorageConfig, createFileStore } from './config';
