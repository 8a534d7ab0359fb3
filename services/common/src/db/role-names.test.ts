import { legacyRoleOf, roleOf } from './index';

const url = (database: string) => `postgres://admin@db.example/${encodeURIComponent(database)}`;

describe('roleOf', () => {
  it('keeps the role a plain database name always had (an upgrade strands nothing)', () => {
    expect(roleOf('users', url('chat'), {})).toBe('parley_chat_users');
    expect(roleOf('messages', url('s3dist_parley'), {})).toBe('parley_s3dist_parley_messages');
    expect(roleOf('messages', url('anything'), { DATABASE_ROLE_PREFIX: 'prod_eu' })).toBe('prod_eu_messages');
    for (const db of ['chat', 's3dist_parley', 'd'.repeat(80)]) expect(roleOf('users', url(db), {})).toBe(legacyRoleOf('users', url(db), {}));
  });

  it('gives databases that differ only by characters a role cannot take roles of their own', () => {
    const names = ['s3dist-parley', 's3dist_parley', 's3dist.parley', 'S3dist-parley', 'S3DIST_PARLEY', 'Chat', 'chat', 'chat-', 'chat_', 'chät'];
    const roles = names.map((db) => roleOf('users', url(db), {}));
    expect(new Set(roles).size).toBe(names.length);
    // Before, the first five (and Chat and chat, chat- and chat_) shared one.
    expect(new Set(names.slice(0, 5).map((db) => legacyRoleOf('users', url(db), {}))).size).toBe(1);
    expect(roleOf('users', url('s3dist-parley'), {})).toMatch(/^parley_s3dist_parley-[0-9a-f]{16}_users$/);
    expect(roleOf('messages', url('x'), { DATABASE_ROLE_PREFIX: 'Prod-EU' })).not.toBe(roleOf('messages', url('x'), { DATABASE_ROLE_PREFIX: 'prod_eu' }));
  });

  it("stays within PostgreSQL's 63 bytes, one to one, for long names of either kind", () => {
    const long = ['d'.repeat(80), 'd'.repeat(81), `${'d'.repeat(80)}-`, `${'d'.repeat(80)}_`, 'é'.repeat(40), 'è'.repeat(40)];
    const roles = long.map((db) => roleOf('messages', url(db), {}));
    for (const role of roles) expect([role, Buffer.byteLength(role) <= 63, role.endsWith('_messages')]).toEqual([role, true, true]);
    expect(new Set(roles).size).toBe(long.length);
  });
});
