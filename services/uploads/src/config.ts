import { join } from 'node:path';
import { BaseConfig, envInt, envString, readBaseConfig, uploadsHttpAddr } from '@parley/common';
import { readStorageConfig, StorageConfig } from './storage';

export interface UploadsConfig extends BaseConfig {
  /** Where files go: a folder (the default) or S3/MinIO when S3_ENDPOINT is set. */
  storage: StorageConfig;
  /** The internal HTTP server the gateway proxies file bodies to (UPLOADS_HTTP_ADDR, host:port). */
  httpAddr: string;
  /** Zulip's max_file_upload_size_mib (MAX_FILE_UPLOAD_SIZE_MIB, also read by the users service for /register). */
  maxFileUploadSizeMib: number;
  /** Parley's bound on the bytes of one user's uploads in all (MAX_UPLOAD_MIB_PER_USER, default 1024): an upload past it is refused. */
  maxUploadMibPerUser: number;
  /** Parley's bound on how many uploads one user keeps (MAX_UPLOADS_PER_USER, default 10,000): one more is refused. */
  maxUploadsPerUser: number;
  /** Parley's bound on the custom emoji a realm makes, deactivated ones included (MAX_CUSTOM_EMOJI_PER_REALM, default 5,000). */
  maxCustomEmojiPerRealm: number;
  /** Zulip's MAX_EMOJI_FILE_SIZE_MIB: the largest custom emoji image (MAX_EMOJI_FILE_SIZE_MIB, default 5). */
  maxEmojiFileSizeMib: number;
  /** Uploads no message ever linked to are deleted after this long (UPLOAD_UNCLAIMED_GRACE_HOURS; Zulip: three weeks). */
  unclaimedGraceMs: number;
  /** How often the clean-up job runs (UPLOAD_GC_INTERVAL_MS; 0 turns it off). */
  gcIntervalMs: number;
  /** Where resumable (tus) uploads stage their bytes with folder storage (TUS_STAGING_DIR; default `tus` in PARLEY_DATA_DIR). */
  tusStagingDir: string;
  /** How long a temporary URL (GET /user_uploads/{realm_id_str}/{filename}) and an S3 presigned URL stay valid. */
  temporaryUrlSeconds: number;
}

export function readUploadsConfig(env: Record<string, string | undefined>, defaults: { databaseUrl?: string } = {}): UploadsConfig {
  const base = readBaseConfig('uploads', env, defaults);
  return Object.freeze({
    ...base,
    storage: readStorageConfig(env),
    httpAddr: uploadsHttpAddr(env),
    maxFileUploadSizeMib: envInt(env, 'MAX_FILE_UPLOAD_SIZE_MIB', 25, 0),
    maxEmojiFileSizeMib: envInt(env, 'MAX_EMOJI_FILE_SIZE_MIB', 5, 0),
    maxUploadMibPerUser: envInt(env, 'MAX_UPLOAD_MIB_PER_USER', 1024, 1),
    maxUploadsPerUser: envInt(env, 'MAX_UPLOADS_PER_USER', 10_000, 1),
    maxCustomEmojiPerRealm: envInt(env, 'MAX_CUSTOM_EMOJI_PER_REALM', 5_000, 1),
    unclaimedGraceMs: envInt(env, 'UPLOAD_UNCLAIMED_GRACE_HOURS', 21 * 24, 0) * 3_600_000,
    gcIntervalMs: envInt(env, 'UPLOAD_GC_INTERVAL_MS', 3_600_000, 0),
    tusStagingDir: envString(env, 'TUS_STAGING_DIR', join(base.dataDir, 'tus')),
    temporaryUrlSeconds: envInt(env, 'UPLOAD_TEMPORARY_URL_SECONDS', 60, 1, 7 * 24 * 3600),
  });
}
