import type { RouteHandlers } from '@parley/common/api';
import { join } from 'node:path';
import { runService, RunningService, Handler, DbServiceDeps, startPeriodicJob } from '@parley/common';
import type { UploadsConfig } from './config';
import { collectGarbage, purgeDoomed } from './domain/attachments';
import { startFileHttpServer } from './http/server';
import { createTusHandler } from './http/tus';
import { collectGarbageRpc, deleteAttachmentRpc, getAttachments, getFileTemporaryUrl, getUploadPreviews, releaseMessagesRpc, syncMessageAttachmentsRpc, UploadsRpcDeps } from './rpc/attachments';
import { deleteAvatar } from './rpc/avatars';
import { checkRealmEmojiRpc, deactivateRealmEmoji, getRealmEmoji, getRegisterState } from './rpc/realm-emoji';
import { createFileStore, FileStore } from './storage';

export const MIGRATIONS_DIR = join(__dirname, '../migrations');

/** The handler table: one entry per RPC of protos/parley/uploads/v1/uploads.proto (Health is the default one). */
export function uploadsHandlers(deps: UploadsRpcDeps): Record<string, Handler> {
  const handlers = {
    GetAttachments: getAttachments(deps),
    DeleteAttachment: deleteAttachmentRpc(deps),
    GetFileTemporaryUrl: getFileTemporaryUrl(deps),
    SyncMessageAttachments: syncMessageAttachmentsRpc(deps),
    ReleaseMessages: releaseMessagesRpc(deps),
    CollectGarbage: collectGarbageRpc(deps),
    GetUploadPreviews: getUploadPreviews(deps),
    GetRealmEmoji: getRealmEmoji(deps),
    DeactivateRealmEmoji: deactivateRealmEmoji(deps),
    CheckRealmEmoji: checkRealmEmojiRpc(deps),
    GetRegisterState: getRegisterState(deps),
    DeleteAvatar: deleteAvatar(deps),
  };
  // Each route's handler replies with the route's published response type (api/route-rpcs.ts).
  return handlers satisfies RouteHandlers<'uploads'>;
}

export interface RunningUploadsService extends RunningService {
  /** The internal HTTP server's port (file bodies), which the gateway proxies to. */
  httpPort: number;
}

/**
 * The uploads service: gRPC for attachments' metadata, its own HTTP server for file bodies,
 * and the clean-up job (files of deleted messages whose deletion failed, uploads never used).
 */
export async function startUploadsService(config: UploadsConfig): Promise<RunningUploadsService> {
  const files: FileStore = createFileStore(config.storage);
  await files.init();
  const rpcDeps = (deps: DbServiceDeps): UploadsRpcDeps => ({
    ...deps,
    files,
    secret: config.secret,
    temporaryUrlSeconds: config.temporaryUrlSeconds,
    unclaimedGraceMs: config.unclaimedGraceMs,
  });
  let stopHttp = async () => undefined as void;
  let httpPort = 0;
  const service = await runService({
    name: 'uploads',
    config,
    migrationsDir: MIGRATIONS_DIR,
    makeHandlers: (deps) => uploadsHandlers(rpcDeps(deps)),
    onStart: async (deps) => {
      const d = rpcDeps(deps);
      const tus = await createTusHandler({
        deps: d,
        secret: config.secret,
        maxFileUploadSizeMib: config.maxFileUploadSizeMib,
        uploadBounds: { maxMibPerUser: config.maxUploadMibPerUser, maxUploadsPerUser: config.maxUploadsPerUser },
        storage: config.storage,
        stagingDir: config.tusStagingDir,
      });
      const http = await startFileHttpServer(config.httpAddr, {
        deps: d,
        secret: config.secret,
        maxFileUploadSizeMib: config.maxFileUploadSizeMib,
        uploadBounds: { maxMibPerUser: config.maxUploadMibPerUser, maxUploadsPerUser: config.maxUploadsPerUser },
        maxCustomEmojiPerRealm: config.maxCustomEmojiPerRealm,
        temporaryUrlSeconds: config.temporaryUrlSeconds,
        maxEmojiFileSizeMib: config.maxEmojiFileSizeMib,
        tus,
      });
      httpPort = http.port;
      stopHttp = () => http.close();
      const stopGc =
        config.gcIntervalMs > 0
          ? startPeriodicJob('upload clean-up', config.gcIntervalMs, deps.log, async () => {
              await purgeDoomed(d);
              await collectGarbage(d, new Date(), config.unclaimedGraceMs);
              await tus.deleteExpired();
            })
          : async () => undefined;
      return async () => {
        await stopHttp();
        await stopGc();
      };
    },
  });
  return { ...service, httpPort };
}
