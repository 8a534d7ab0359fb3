import pg from 'pg';
import { AdminRequiredError, BadRequestError, Caller, emit, isAdmin, LIMITS, Queryable, withPrefetchedTransaction, withTransaction } from '@parley/common';
import * as store from '../store/folders';
import type { FolderRow } from '../store/folders';
import { CONTROL } from './text';

/** Renders a description's Markdown (the messages service's renderer, through the Peers). */
export type Render = (text: string) => Promise<string>;

/** A folder as GET /channel_folders, register and the channel_folder events show it. */
export function formatFolder(f: FolderRow) {
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    rendered_description: f.rendered_description,
    creator_id: f.creator_id,
    date_created: Math.floor(f.date_created.getTime() / 1000),
    is_archived: f.is_archived,
    order: f.sort_order,
  };
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new BadRequestError("Channel folder name can't be empty.");
  if (trimmed.length > LIMITS.max_channel_folder_name_length) {
    throw new BadRequestError(`Channel folder name cannot exceed ${LIMITS.max_channel_folder_name_length} characters.`);
  }
  if (CONTROL.test(trimmed)) throw new BadRequestError('Invalid character in channel folder name');
  return trimmed;
}

function checkDescription(description: string): string {
  const trimmed = description.trim();
  if (trimmed.length > LIMITS.max_channel_folder_description_length) {
    throw new BadRequestError(`Channel folder description cannot exceed ${LIMITS.max_channel_folder_description_length} characters.`);
  }
  return trimmed;
}

async function checkUniqueName(tx: Queryable, realmId: number, name: string, except?: number): Promise<void> {
  const existing = await store.findFolderByName(tx, realmId, name);
  if (existing && existing.id !== except) throw new BadRequestError(`Channel folder name '${name}' already in use`);
}

async function accessFolder(db: Queryable, caller: Caller, id: number): Promise<FolderRow> {
  const folder = await store.findFolder(db, caller.realm_id, id);
  if (!folder) throw new BadRequestError('Invalid channel folder ID');
  return folder;
}

const notify = (tx: Queryable, realmId: number, event: Record<string, unknown> & { type: string }) => emit(tx, 'channels', realmId, 'realm', event);

/** POST /channel_folders/create (administrators). */
export async function checkCreateFolder(pool: pg.Pool, caller: Caller, req: { name: string; description?: string }, render: Render): Promise<number> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  const name = checkName(req.name);
  const description = checkDescription(req.description ?? '');
  // Rendered (messages RenderMessage) before the realm's folder lock is taken (rule 1).
  const rendered = await render(description);
  return withTransaction(pool, async (tx) => {
    await store.lockRealmFolders(tx, caller.realm_id);
    await checkUniqueName(tx, caller.realm_id, name);
    const folder = await store.insertFolder(tx, { realm_id: caller.realm_id, name, description, rendered_description: rendered, creator_id: caller.user_id });
    await notify(tx, caller.realm_id, { type: 'channel_folder', op: 'add', channel_folder: formatFolder(folder) });
    return folder.id;
  });
}

/** PATCH /channel_folders/{id} (administrators): name, description, archiving. */
export async function checkUpdateFolder(pool: pg.Pool, caller: Caller, id: number, req: { name?: string; description?: string; is_archived?: boolean }, render: Render): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  // The description is rendered before the realm's folder lock is taken (rule 1); its errors
  // come where the transaction meets them, after the name's.
  await withPrefetchedTransaction(
    pool,
    async (tx) => {
      await store.lockRealmFolders(tx, caller.realm_id);
      const folder = await accessFolder(tx, caller, id);
      const data: Record<string, unknown> = {};
      if (req.name !== undefined && req.name.trim() !== folder.name) {
        data.name = checkName(req.name);
        await checkUniqueName(tx, caller.realm_id, data.name as string, id);
      }
      if (req.description !== undefined && req.description.trim() !== folder.description) {
        data.description = checkDescription(req.description);
        data.rendered_description = await render(data.description as string);
      }
      if (req.is_archived !== undefined && req.is_archived !== folder.is_archived) data.is_archived = req.is_archived;
      if (!Object.keys(data).length) return;
      await store.updateFolder(tx, id, data);
      await notify(tx, caller.realm_id, { type: 'channel_folder', op: 'update', channel_folder_id: id, data });
    },
    async () => req.description !== undefined && render(checkDescription(req.description)),
  );
}

/** PATCH /channel_folders (administrators): `order` must be every folder of the realm, once. */
export async function checkReorderFolders(pool: pg.Pool, caller: Caller, order: number[]): Promise<void> {
  if (!isAdmin(caller)) throw new AdminRequiredError();
  await withTransaction(pool, async (tx) => {
    await store.lockRealmFolders(tx, caller.realm_id);
    const ids = (await store.listFolders(tx, caller.realm_id)).map((f) => f.id);
    if (new Set(order).size !== order.length) throw new BadRequestError('The order must not contain duplicate channel folder IDs.');
    if (order.length !== ids.length || !order.every((id) => ids.includes(id))) {
      throw new BadRequestError('The order must list every channel folder of the organization exactly once.');
    }
    await store.setFolderOrder(tx, caller.realm_id, order);
    await notify(tx, caller.realm_id, { type: 'channel_folder', op: 'reorder', order });
  });
}

/** GET /channel_folders and register's channel_folders. */
export async function listFolders(db: Queryable, realmId: number, includeArchived: boolean) {
  return (await store.listFolders(db, realmId)).filter((f) => includeArchived || !f.is_archived).map(formatFolder);
}
