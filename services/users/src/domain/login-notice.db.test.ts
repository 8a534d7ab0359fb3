import { closeUsersDb, usersDb } from '../../../../test/support/users-db';
import { createRealm } from './realms';
import { queueNewLoginMail } from './login-notice';

/** When the new-login mail is queued (zerver/signals.py): the server's switch and the account's age. */
afterAll(closeUsersDb);

describe('queueNewLoginMail', () => {
  it('queues nothing with SEND_LOGIN_EMAILS off, without a device (no password login), or within a minute of sign-up', async () => {
    const { pool, config } = usersDb();
    const sub = `login${Date.now().toString(36)}`;
    const { realm, owner } = await createRealm(pool, config, { name: 'Logins', subdomain: sub, ownerEmail: `owner@${sub}.test`, ownerName: 'Olive', ownerPassword: 'a-long-password' });
    const user = owner.user;
    const device = { user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/121.0', remote_addr: '192.0.2.7' };
    const later = new Date(user.date_joined.getTime() + 120_000);
    const count = async () => Number((await pool.query<{ n: string }>("SELECT count(*) AS n FROM mail_queue WHERE kind = 'login' AND user_id = $1", [user.id])).rows[0].n);

    await queueNewLoginMail(pool, { ...config, sendLoginEmails: false }, realm, user, device, later);
    await queueNewLoginMail(pool, config, realm, user, undefined, later);
    await queueNewLoginMail(pool, config, realm, user, device, new Date(user.date_joined.getTime() + 30_000));
    expect(await count()).toBe(0);
    await queueNewLoginMail(pool, config, realm, user, device, later);
    expect(await count()).toBe(1);
    const { rows } = await pool.query<{ subject: string; text_body: string }>("SELECT subject, text_body FROM mail_queue WHERE kind = 'login' AND user_id = $1", [user.id]);
    expect(rows[0].subject).toBe('New login from Firefox on Linux');
    expect(rows[0].text_body).toContain('IP address: 192.0.2.7');
  });
});
