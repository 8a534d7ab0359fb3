import type pg from 'pg';
import { BadRequestError, createLogger, fakeClients, RpcClients, ServiceUnavailableError } from '@parley/common';
import { accessibleMessageIds, MAX_ACCESS_CHECKS } from './fetch';
import { checkDeleteMessage } from './delete';
import { checkEditMessage } from './edit';
import { Peers } from '../peers';
import { postNotification } from './notification-bot';
import { applyRetention } from './retention';
import { deliverDue } from './scheduled';
import { checkSendMessage } from './send';
import { groupSends } from '../store/messages';
import { renderHere } from './render/renderer';

/**
 * How send, edit, delete and retention talk to the uploads service, against a fake database
 * (answers by SQL, records statements) and fake services. One log holds the SQL and the
 * uploads calls in order, so "inside the transaction" and "after COMMIT" can be checked.
 */
const REALM = 2;
const SENDER = 9;
const OTHER = 10;
const BOT = 1;
const SENT_AT = new Date(1_700_000_000_500);
const log = createLogger('attachments-wiring-test', 'silent');

interface World {
  pool: pg.Pool;
  query: jest.Mock<Promise<{ rows: unknown[] }>, [string, unknown[]?]>;
  clients: RpcClients;
  trail: string[];
  users: jest.Mock;
  uploads: jest.Mock;
  previews: jest.Mock;
  channels: jest.Mock;
  peers: Peers;
}

type Rows = { rows: unknown[]; rowCount?: number } | undefined;

function world(opts: { settings?: Record<string, unknown>; sql?: (sql: string, params: unknown[]) => Rows; uploads?: (method: string) => unknown } = {}): World {
  const trail: string[] = [];
  const query = jest.fn(async (sql: string, params: unknown[] = []) => {
    const s = sql.trim().replace(/\s+/g, ' ');
    trail.push(s);
    if (/^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT)/.test(s)) return { rows: [], rowCount: 0 };
    const answer = opts.sql?.(s, params) ?? defaultSql(s);
    return { rowCount: answer.rows.length, ...answer };
  });
  const client = { query, release: () => undefined };
  const pool = { connect: async () => client, query } as unknown as pg.Pool;
  const person = (id: number) => ({
    user_id: id,
    email: `u${id}@example.com`,
    full_name: `User ${id}`,
    role: 400,
    is_bot: id === BOT,
    is_active: true,
    avatar_url: '',
    bot_owner_id: 0,
  });
  const policy = () => ({ settings: JSON.stringify({ allow_message_editing: true, message_content_edit_limit_seconds: null, ...opts.settings }), system_groups: {}, string_id: 'zulip' });
  const users = jest.fn(async (method: string, req: { principals?: string[]; system_bot?: string; user_ids?: number[] }) => {
    switch (method) {
      case 'GetRealmPolicy':
        return policy();
      case 'GetPermissionContext':
        return {
          policy: policy(),
          memberships: (req.user_ids ?? []).map((id) => ({ user_id: id, group_ids: [] })),
          users: (req.user_ids ?? []).map(person),
          linkifiers: '[]',
        };
      case 'GetGroupMemberships':
        return { memberships: [] };
      case 'ResolveUsers':
        return req.system_bot ? { users: [person(BOT)], unknown: [] } : { users: (req.principals ?? []).map((p) => person(Number(p))), unknown: [] };
      case 'GetRenderContext':
        return { users: [], groups: [], linkifiers: [] };
      case 'GetLinkifiers':
        return { json: '{"linkifiers":[]}' };
      case 'ExpandGroupSettings':
        return { user_ids: [] };
      case 'GetRecipientTraits':
        return { users: [] };
      default:
        throw new Error(`unexpected users.${method}`);
    }
  });
  const channels = jest.fn(async (method: string) => {
    if (method === 'ListAccess') {
      return { channels: [access(5, { content: true, history_visible: true }), access(6, { content: true, history_visible: false }), access(7, { content: false, history_visible: true })] };
    }
    throw new Error(`unexpected channels.${method}`);
  });
  const uploads = jest.fn(async (method: string, _request?: unknown, _ctx?: unknown) => {
    trail.push(`uploads ${method}`);
    return opts.uploads ? opts.uploads(method) : { json: '{}' };
  });
  // Rendering asks for the linked uploads' image previews (none are images here), before any transaction.
  const previews = jest.fn(async () => {
    trail.push('previews');
    return { json: '{"previews":{}}' };
  });
  const uploadsCall = (method: string, request: unknown, ctx: unknown) => (method === 'GetUploadPreviews' ? previews() : uploads(method, request, ctx));
  const clients = fakeClients({ users, channels, uploads: uploadsCall });
  const peers = new Peers({ clients, renderer: renderHere }, { caller: { realm_id: REALM, user_id: SENDER, role: 400, is_bot: false, email: `u${SENDER}@example.com` }, client: 'test', host: '' });
  return { pool, query, clients, trail, users, uploads, previews, channels, peers };
}

function access(id: number, a: { content: boolean; history_visible: boolean }) {
  return {
    stream_id: id,
    name: `c${id}`,
    subscribed: false,
    post: true,
    administer: false,
    is_archived: false,
    invite_only: false,
    is_web_public: false,
    topics_policy: 'inherit',
    group_settings: '{}',
    found: true,
    ...a,
  };
}

const messageRow = (fields: Record<string, unknown> = {}) => ({
  id: 100,
  realm_id: REALM,
  sender_id: SENDER,
  kind: 'direct',
  channel_id: null,
  topic: '',
  dm_user_ids: [SENDER, OTHER],
  recipient_id: 1,
  content: 'hello',
  rendered_content: '<p>hello</p>',
  date_sent: SENT_AT,
  client: 'test',
  has_link: false,
  has_image: false,
  has_attachment: false,
  last_edit_time: null,
  last_moved_time: null,
  flags: 0,
  ...fields,
});

function defaultSql(s: string): { rows: unknown[] } {
  if (s.includes('INSERT INTO recipients')) return { rows: [{ id: 1 }] };
  // store.insertMessage: the new messages' IDs, and their outbox rows' (none written here).
  if (s.includes('INSERT INTO messages')) return { rows: [{ ids: [100], outbox_ids: null }] };
  // writeOutboxRows: one row, the IDs of those it wrote.
  if (s.includes('outbox_rows')) return { rows: [{ ids: null }] };
  return { rows: [] };
}

const at = (trail: string[], re: RegExp) => trail.findIndex((s) => re.test(s));
const UPLOAD = '[file.txt](/user_uploads/2/ab/xyz/file.txt)';
const opts = { wildcardMentionThreshold: 15 };

describe('sending a message that links to uploads', () => {
  const send = (w: World, content: string) => checkSendMessage(groupSends(w.pool), w.peers, 'test', { type: 'direct', to: `[${OTHER}]`, content }, opts);

  it('claims the files in the send transaction, after the message row exists and before COMMIT', async () => {
    const w = world();
    await expect(send(w, `see ${UPLOAD} and https://x.example/user_uploads/2/cd/e/g.png, not /user_uploads/3/ab/c/h.txt`)).resolves.toEqual({ id: 100 });
    expect(w.uploads).toHaveBeenCalledTimes(1);
    // The claim's date is the message's, as the insert stored it.
    const insert = w.query.mock.calls.find(([sql]) => sql.includes('INSERT INTO messages'))!;
    const [row] = JSON.parse(insert[1]![1] as string) as { date_sent: string }[];
    const dateSent = Math.floor(Date.parse(row.date_sent) / 1000);
    expect(w.uploads.mock.calls[0].slice(0, 2)).toEqual([
      'SyncMessageAttachments',
      {
        realm_id: REALM,
        message_id: 100,
        sender_id: SENDER,
        date_sent: dateSent,
        path_ids: ['2/ab/xyz/file.txt', '2/cd/e/g.png'],
        is_edit: false,
      },
    ]);
    expect(w.uploads.mock.calls[0][2]).toMatchObject({ caller: { user_id: SENDER } });
    const call = at(w.trail, /^uploads /);
    expect(at(w.trail, /^BEGIN/)).toBeLessThan(at(w.trail, /INSERT INTO messages/));
    expect(at(w.trail, /INSERT INTO messages/)).toBeLessThan(call);
    expect(call).toBeLessThan(at(w.trail, /^COMMIT/));
    // The previews of the linked uploads were asked once, while rendering, before the transaction.
    expect(w.previews).toHaveBeenCalledTimes(1);
    expect(at(w.trail, /^previews/)).toBeLessThan(at(w.trail, /^BEGIN/));
  });

  it('makes no call for a message without upload links, and stores it in one statement, without a transaction', async () => {
    const w = world();
    await send(w, 'hello https://example.com/files/2/ab/c/f.txt');
    expect(w.uploads).not.toHaveBeenCalled();
    expect(w.previews).not.toHaveBeenCalled();
    expect(w.trail.filter((s) => /^(BEGIN|COMMIT)/.test(s))).toEqual([]);
    expect(w.trail.filter((s) => s.includes('INSERT INTO messages'))).toHaveLength(1);
  });

  it('fails and rolls back when the uploads service fails, with its error', async () => {
    const down = new ServiceUnavailableError('uploads');
    const w = world({
      uploads: () => {
        throw down;
      },
    });
    await expect(send(w, UPLOAD)).rejects.toBe(down);
    expect(w.trail).toContain('ROLLBACK');
    expect(w.trail).not.toContain('COMMIT');
  });
});

describe('other sends go the same way', () => {
  const scheduledRow = {
    id: 4,
    realm_id: REALM,
    sender_id: SENDER,
    type: 'private',
    to: [OTHER],
    topic: '',
    content: `later ${UPLOAD}`,
    rendered_content: '',
    scheduled_at: new Date(0),
    read_by_sender: true,
    client: 'test',
    failed: false,
  };
  // The run's claim, and the delivery's lock of the row it claimed (unchanged since).
  const due = (s: string): Rows => (s.includes('FROM scheduled_messages') && s.includes('FOR UPDATE') ? { rows: [scheduledRow] } : undefined);

  it('a scheduled delivery claims as its sender, inside its transaction', async () => {
    const w = world({ sql: due });
    await expect(deliverDue(w.pool, { clients: w.clients, renderer: renderHere }, log, opts)).resolves.toEqual({ sent: 1, failed: 0 });
    expect(w.uploads).toHaveBeenCalledWith(
      'SyncMessageAttachments',
      expect.objectContaining({ sender_id: SENDER, path_ids: ['2/ab/xyz/file.txt'] }),
      expect.objectContaining({ caller: expect.objectContaining({ user_id: SENDER }) }),
    );
    expect(at(w.trail, /^uploads /)).toBeLessThan(at(w.trail, /^COMMIT/));
  });

  it('a scheduled delivery is left for the next run when the uploads service is down', async () => {
    const w = world({
      sql: due,
      uploads: () => {
        throw new ServiceUnavailableError('uploads');
      },
    });
    await expect(deliverDue(w.pool, { clients: w.clients, renderer: renderHere }, log, opts)).rejects.toMatchObject({ httpStatus: 503 });
    expect(w.trail).toContain('ROLLBACK');
    // Neither delivered nor failed, and its claim released for the next run.
    expect(w.trail.some((s) => /^UPDATE scheduled_messages SET (delivered_message_id|failed)/.test(s))).toBe(false);
    expect(w.trail.some((s) => s.startsWith('UPDATE scheduled_messages SET claimed_until = NULL'))).toBe(true);
  });

  it("the Notification Bot's posts claim as the bot", async () => {
    const w = world({ sql: (s) => (s.startsWith('INSERT INTO handled_notifications') ? { rows: [], rowCount: 1 } : undefined) });
    await postNotification(w.pool, { clients: w.clients, renderer: renderHere }, 'bus-1', { realm_id: REALM, user_ids: [OTHER], content: `a file: ${UPLOAD}` });
    expect(w.uploads).toHaveBeenCalledWith('SyncMessageAttachments', expect.objectContaining({ sender_id: BOT, path_ids: ['2/ab/xyz/file.txt'], is_edit: false }), expect.anything());
    expect(at(w.trail, /^uploads /)).toBeLessThan(at(w.trail, /^COMMIT/));
  });
});

describe('editing content', () => {
  const detached = [{ id: 3, name: 'old.txt', path_id: '2/ab/xyz/old.txt', size: 5, create_time: 1_699_999_000_000, messages: [] }];
  const withMessage =
    (content: string) =>
    (s: string): Rows =>
      s.includes('FOR UPDATE OF m') ? { rows: [messageRow({ content })] } : undefined;
  const edit = (w: World, content: string) => checkEditMessage(w.pool, w.peers, { message_id: 100, content }, opts);

  it('syncs the new links inside the edit transaction and returns the detached uploads', async () => {
    const w = world({ sql: withMessage('[old.txt](/user_uploads/2/ab/xyz/old.txt)'), uploads: () => ({ json: JSON.stringify({ detached_uploads: detached }) }) });
    await expect(edit(w, `new: ${UPLOAD}`)).resolves.toEqual({ detached_uploads: detached });
    expect(w.uploads).toHaveBeenCalledWith(
      'SyncMessageAttachments',
      {
        realm_id: REALM,
        message_id: 100,
        sender_id: SENDER,
        date_sent: 1_700_000_000,
        path_ids: ['2/ab/xyz/file.txt'],
        is_edit: true,
      },
      expect.anything(),
    );
    expect(at(w.trail, /^UPDATE messages SET content/)).toBeLessThan(at(w.trail, /^uploads /));
    expect(at(w.trail, /^uploads /)).toBeLessThan(at(w.trail, /^COMMIT/));
  });

  it('syncs with no path_ids when the edit removes the last link', async () => {
    const w = world({ sql: withMessage(UPLOAD), uploads: () => ({ json: JSON.stringify({ detached_uploads: detached }) }) });
    await expect(edit(w, 'no more file')).resolves.toEqual({ detached_uploads: detached });
    expect(w.uploads.mock.calls[0][1]).toMatchObject({ path_ids: [], is_edit: true });
  });

  it('makes no call when neither version links to uploads', async () => {
    const w = world({ sql: withMessage('plain') });
    await expect(edit(w, 'still plain')).resolves.toEqual({ detached_uploads: [] });
    expect(w.uploads).not.toHaveBeenCalled();
  });

  it('rolls the edit back when the uploads service fails', async () => {
    const w = world({
      sql: withMessage('plain'),
      uploads: () => {
        throw new BadRequestError('nope');
      },
    });
    await expect(edit(w, UPLOAD)).rejects.toMatchObject({ message: 'nope' });
    expect(w.trail).toContain('ROLLBACK');
    expect(w.trail).not.toContain('COMMIT');
  });
});

describe('deleting a message', () => {
  const settings = { can_delete_own_message_group: { direct_members: [SENDER], direct_subgroups: [] }, message_content_delete_limit_seconds: null };
  // The message is read before the transaction (what the services are asked about), then locked in it.
  const withMessage =
    (content: string) =>
    (s: string): Rows =>
      s.includes('um.flags FROM messages m') ? { rows: [messageRow({ content })] } : undefined;

  it('releases the message after COMMIT when it linked to uploads', async () => {
    const w = world({ settings, sql: withMessage(UPLOAD) });
    await checkDeleteMessage(w.pool, w.peers, log, 100);
    expect(w.uploads).toHaveBeenCalledWith('ReleaseMessages', { realm_id: REALM, message_ids: [100] }, expect.anything());
    expect(at(w.trail, /^COMMIT/)).toBeLessThan(at(w.trail, /^uploads /));
  });

  it('makes no call for a message without upload links', async () => {
    const w = world({ settings, sql: withMessage('plain') });
    await checkDeleteMessage(w.pool, w.peers, log, 100);
    expect(w.uploads).not.toHaveBeenCalled();
  });

  it('still succeeds, logging the IDs, when the uploads service fails', async () => {
    const warn = jest.fn();
    const w = world({
      settings,
      sql: withMessage(UPLOAD),
      uploads: () => {
        throw new ServiceUnavailableError('uploads');
      },
    });
    await expect(checkDeleteMessage(w.pool, w.peers, { warn } as never, 100)).resolves.toBeUndefined();
    expect(w.trail).toContain('COMMIT');
    expect(warn.mock.calls[0][0]).toMatchObject({ realmId: REALM, messageIds: [100] });
  });

  it('makes no call when the delete is refused', async () => {
    const w = world({ settings: { ...settings, can_delete_own_message_group: { direct_members: [], direct_subgroups: [] } }, sql: withMessage(UPLOAD) });
    await expect(checkDeleteMessage(w.pool, w.peers, log, 100)).rejects.toMatchObject({ message: "You don't have permission to delete this message" });
    expect(w.uploads).not.toHaveBeenCalled();
  });
});

describe('the retention job', () => {
  const expired = (s: string): Rows => {
    if (s.includes('pg_try_advisory_lock')) return { rows: [{ locked: true }] };
    if (s.startsWith('SELECT DISTINCT realm_id')) return { rows: [{ realm_id: REALM }] };
    if (s.startsWith('WITH doomed')) {
      return {
        rows: [
          { id: 1, kind: 'direct', channel_id: null, topic: '', user_ids: [SENDER], links_uploads: true },
          { id: 2, kind: 'direct', channel_id: null, topic: '', user_ids: [SENDER], links_uploads: false },
          { id: 3, kind: 'direct', channel_id: null, topic: '', user_ids: [SENDER], links_uploads: true },
        ],
      };
    }
    return undefined;
  };
  const retentionWorld = (uploads?: (method: string) => unknown) => {
    const w = world({ sql: expired, uploads });
    w.users.mockImplementation(async () => ({ settings: JSON.stringify({ message_retention_days: 30 }), system_groups: {}, string_id: 'zulip' }));
    w.channels.mockImplementation(async () => ({ channels: [] }));
    return w;
  };

  it('releases the deleted messages that linked to uploads, after each batch commits', async () => {
    const w = retentionWorld();
    await expect(applyRetention(w.pool, w.clients, log)).resolves.toBe(3);
    expect(w.uploads).toHaveBeenCalledTimes(1);
    expect(w.uploads).toHaveBeenCalledWith('ReleaseMessages', { realm_id: REALM, message_ids: [1, 3] }, expect.anything());
    expect(at(w.trail, /^COMMIT/)).toBeLessThan(at(w.trail, /^uploads /));
  });

  it('still counts the deleted messages when the uploads service fails', async () => {
    const w = retentionWorld(() => {
      throw new ServiceUnavailableError('uploads');
    });
    await expect(applyRetention(w.pool, w.clients, log)).resolves.toBe(3);
  });
});

describe('accessibleMessageIds', () => {
  const rows =
    (list: { id: number; channel_id: number | null; has_copy: boolean }[]) =>
    (s: string): Rows =>
      s.includes('AS has_copy') ? { rows: list } : undefined;

  it("keeps the caller's copies and channel messages with visible history, in one query", async () => {
    const w = world({
      sql: rows([
        { id: 1, channel_id: null, has_copy: true },
        { id: 2, channel_id: null, has_copy: false },
        { id: 3, channel_id: 5, has_copy: false },
        { id: 4, channel_id: 6, has_copy: false },
        { id: 5, channel_id: 7, has_copy: false },
        { id: 6, channel_id: 8, has_copy: false },
        { id: 7, channel_id: 6, has_copy: true },
      ]),
    });
    await expect(accessibleMessageIds(w.pool, w.peers, [1, 2, 3, 4, 5, 6, 7, 99])).resolves.toEqual([1, 3, 7]);
    expect(w.trail.filter((s) => s.startsWith('SELECT'))).toHaveLength(1);
    expect(w.channels).toHaveBeenCalledTimes(1);
  });

  it('asks the channels service nothing when the caller has every copy', async () => {
    const w = world({
      sql: rows([
        { id: 1, channel_id: 5, has_copy: true },
        { id: 2, channel_id: null, has_copy: true },
      ]),
    });
    await expect(accessibleMessageIds(w.pool, w.peers, [1, 2])).resolves.toEqual([1, 2]);
    expect(w.channels).not.toHaveBeenCalled();
  });

  it('answers nothing for no IDs, and refuses more than the limit', async () => {
    const w = world();
    await expect(accessibleMessageIds(w.pool, w.peers, [])).resolves.toEqual([]);
    await expect(
      accessibleMessageIds(
        w.pool,
        w.peers,
        Array.from({ length: MAX_ACCESS_CHECKS + 1 }, (_, i) => i + 1),
      ),
    ).rejects.toMatchObject({ httpStatus: 400 });
    expect(w.trail).toEqual([]);
  });
});
