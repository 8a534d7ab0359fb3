import { manageJson } from './support/cli';
import { Cluster, describeDistributed, startCluster } from './support/cluster';
import { eventually } from './support/eventually';
import { TestSmtpServer } from './support/smtp';

/**
 * Mail with Parley distributed (ADR 0031): two users replicas, each running a mail sender on
 * the same queue, configured by Zulip's EMAIL_* settings, sending to a real SMTP server in this
 * test. Every mail arrives once.
 */
jest.setTimeout(180_000);

describeDistributed('mail-distributed.test.ts')('mail, distributed', () => {
  let cluster: Cluster;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    cluster = await startCluster({ replicas: { users: 2 }, envFor: (name) => (name.startsWith('users') ? { ...smtp.env, MAIL_POLL_MS: '50' } : {}) });
  });
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.stop();
  });

  it('sends each mail once, whichever of the two users replicas claims it', async () => {
    await manageJson(['create-realm', '--name', 'Mail Org', '--owner-email', 'owner@mail.test', '--owner-name', 'Mail Owner', '--no-initial-channels'], { env: cluster.env });
    const addresses = Array.from({ length: 12 }, (_, i) => `check-${i}@mail.test`);
    // Queued by the CLI (send-test-mail), four at a time; the running replicas send them.
    for (let i = 0; i < addresses.length; i += 4) {
      const queued = await Promise.all(addresses.slice(i, i + 4).map((to) => manageJson(['send-test-mail', '--email', to], { env: cluster.env })));
      expect(queued.map((q) => q.to)).toEqual(addresses.slice(i, i + 4));
    }
    for (const to of addresses) await smtp.waitFor(to, { timeoutMs: 30_000 });
    // Long enough for a second claim of any of them (the senders look every 50 ms).
    await new Promise((r) => setTimeout(r, 1000));
    expect(addresses.map((to) => smtp.to(to).length)).toEqual(addresses.map(() => 1));
    const [first] = smtp.to(addresses[0]);
    expect(first.parsed.subject).toBe('Parley test mail');
    expect(first.parsed.from?.value[0].name).toBe('Mail Org via Parley');
    // And the queue says so (the CLI reads it).
    await eventually(async () => {
      const listed = await manageJson<{ mails: { to: string; status: string }[] }>(['mails', '--limit', '12'], { env: cluster.env });
      expect(listed.mails.filter((m) => addresses.includes(m.to)).map((m) => m.status)).toEqual(addresses.map(() => 'sent'));
    }, 15_000);
  });
});
