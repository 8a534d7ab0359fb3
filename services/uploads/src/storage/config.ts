import { join } from 'node:path';
import { ConfigError, envBool, envOptional, envString, envUrl } from '@parley/common';
import { FolderStore } from './folder-store';
import { S3Store, S3StoreConfig } from './s3-store';
import { FileStore } from './store';

export interface FolderStorageConfig {
  readonly kind: 'folder';
  readonly root: string;
}
export type S3StorageConfig = { readonly kind: 's3' } & Readonly<S3StoreConfig>;
export type StorageConfig = FolderStorageConfig | S3StorageConfig;

type Env = Record<string, string | undefined>;

const S3_SETTINGS = ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_REGION', 'S3_PATH_STYLE', 'S3_PUBLIC_ENDPOINT'];
/** S3's rules for new buckets: 3 to 63 lowercase letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Where uploaded files go: an S3-compatible bucket when S3_ENDPOINT is set (S3_BUCKET,
 * S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION, S3_PATH_STYLE), else a folder: LOCAL_UPLOADS_DIR
 * (Zulip's name for it), by default `uploads` in PARLEY_DATA_DIR.
 */
export function readStorageConfig(env: Env): StorageConfig {
  if (envOptional(env, 'S3_ENDPOINT') !== undefined) return Object.freeze(readS3Config(env));
  // Settings for S3 without its endpoint are a mistake that would otherwise go unnoticed
  // until someone looks for the files in the bucket.
  const stray = S3_SETTINGS.find((name) => envOptional(env, name) !== undefined);
  if (stray) throw new ConfigError(`${stray} is set but S3_ENDPOINT is not; set S3_ENDPOINT to store uploads in S3`);
  const root = envString(env, 'LOCAL_UPLOADS_DIR', join(envString(env, 'PARLEY_DATA_DIR', './.data'), 'uploads'));
  return Object.freeze({ kind: 'folder', root });
}

function readS3Config(env: Env): S3StorageConfig {
  const raw = envUrl(env, 'S3_ENDPOINT', ['http:', 'https:']) as string;
  const url = new URL(raw);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`S3_ENDPOINT must be a scheme, host and optional port, like http://127.0.0.1:9000; got '${raw}'`);
  }
  const bucket = envString(env, 'S3_BUCKET', 'parley-uploads');
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    throw new ConfigError(`S3_BUCKET must be 3 to 63 lowercase letters, digits, dots and hyphens; got '${bucket}'`);
  }
  const useSSL = url.protocol === 'https:';
  return {
    kind: 's3',
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: requiredWithEndpoint(env, 'S3_ACCESS_KEY'),
    secretKey: requiredWithEndpoint(env, 'S3_SECRET_KEY'),
    bucket,
    region: envString(env, 'S3_REGION', 'us-east-1'),
    pathStyle: envBool(env, 'S3_PATH_STYLE', true),
    publicEndpoint: publicEndpoint(env),
  };
}

/** S3_PUBLIC_ENDPOINT: the server as browsers reach it, for presigned URLs; a scheme, host and port only. */
function publicEndpoint(env: Env): string | undefined {
  const raw = envUrl(env, 'S3_PUBLIC_ENDPOINT', ['http:', 'https:']);
  if (raw === undefined) return undefined;
  const url = new URL(raw);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`S3_PUBLIC_ENDPOINT must be a scheme, host and optional port, like https://files.example.com; got '${raw}'`);
  }
  return url.origin;
}

function requiredWithEndpoint(env: Env, name: string): string {
  const value = envOptional(env, name);
  if (value === undefined) throw new ConfigError(`${name} must be set when S3_ENDPOINT is`);
  return value;
}

/** The store a configuration names; call its init() before use. */
export function createFileStore(config: StorageConfig): FileStore {
  if (config.kind === 'folder') return new FolderStore(config.root);
  return new S3Store(config);
}
