import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerOptions } from 'smtp-server';
import { simpleParser, ParsedMail } from 'mailparser';
import { eventually } from './eventually';

/**
 * A real SMTP server for tests (the `smtp-server` package; mail read with `mailparser`), never
 * a mocked transport. It accepts any login, keeps what arrives in order, and can refuse some
 * recipients with 550 or stop listening for a while (`stop`, then `restart` on the same port).
 * With `dir`, each message is also written there as `<n>.eml`: the integration project's
 * server runs in jest's global setup, and test workers read that folder (`Mailbox`).
 */
export interface ReceivedMail {
  /** The SMTP envelope's recipients (RCPT TO). */
  rcptTo: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private port = 0;

  private constructor(private readonly opts: { refuse?: RegExp; dir?: string }) {}

  static async start(opts: { refuse?: RegExp; dir?: string; port?: number } = {}): Promise<TestSmtpServer> {
    if (opts.dir) mkdirSync(opts.dir, { recursive: true });
    const server = new TestSmtpServer(opts);
    await server.listen(opts.port ?? 0);
    return server;
  }

  get address(): { host: string; port: number } {
    return { host: '127.0.0.1', port: this.port };
  }

  /** The Parley settings that send here. */
  get env(): Record<string, string> {
    return { EMAIL_HOST: '127.0.0.1', EMAIL_PORT: String(this.port), EMAIL_HOST_USER: 'parley', EMAIL_HOST_PASSWORD: 'smtp-test' };
  }

  private listen(port: number): Promise<void> {
    const options: SMTPServerOptions = {
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Any login is accepted: the test checks what Parley sends, not the server's users.
      onAuth: (_auth, _session, cb) => cb(null, { user: 'parley' }),
      onRcptTo: (address, _session, cb) => {
        if (this.opts.refuse?.test(address.address)) {
          const err = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
          return cb(err);
        }
        cb();
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              const mail = { rcptTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed };
              this.received.push(mail);
              if (this.opts.dir) writeFileSync(join(this.opts.dir, `${Date.now()}-${this.received.length}.eml`), Buffer.concat([Buffer.from(`X-Test-Rcpt-To: ${mail.rcptTo.join(', ')}\r\n`), raw]));
              cb();
            })
            .catch((err: Error) => cb(err));
        });
      },
    };
    const server = new SMTPServer(options);
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  /** Stops listening (connections refused) until `restart`. */
  stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  restart(): Promise<void> {
    return this.listen(this.port);
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.rcptTo.some((r) => r.toLowerCase() === address.toLowerCase()));
  }

  /** The first mail to `address` (matching `subject`, when given), waiting for it. */
  async waitFor(address: string, opts: { subject?: RegExp; timeoutMs?: number } = {}): Promise<ReceivedMail> {
    let found: ReceivedMail | undefined;
    await eventually(async () => {
      found = this.to(address).find((m) => !opts.subject || opts.subject.test(m.parsed.subject ?? ''));
      if (!found) throw new Error(`no mail to ${address}${opts.subject ? ` matching ${opts.subject}` : ''} (${this.received.length} received)`);
    }, opts.timeoutMs ?? 15_000);
    return found!;
  }
}

/** The mails the integration project's SMTP server received, read from its folder (PARLEY_TEST_MAILBOX). */
export class Mailbox {
  constructor(private readonly dir = process.env.PARLEY_TEST_MAILBOX!) {
    if (!dir) throw new Error('PARLEY_TEST_MAILBOX is not set: the integration global setup starts the test SMTP server');
  }

  /** Every mail to `address`, oldest first. */
  async to(address: string): Promise<ReceivedMail[]> {
    const out: ReceivedMail[] = [];
    const names = readdirSync(this.dir)
      .filter((n) => n.endsWith('.eml'))
      .sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1]) || a.localeCompare(b));
    for (const name of names) {
      const file = readFileSync(join(this.dir, name));
      const end = file.indexOf('\r\n');
      const rcptTo = file.subarray('X-Test-Rcpt-To: '.length, end).toString().split(', ');
      if (!rcptTo.some((r) => r.toLowerCase() === address.toLowerCase())) continue;
      const raw = file.subarray(end + 2);
      out.push({ rcptTo, raw, parsed: await simpleParser(raw) });
    }
    return out;
  }

  async waitFor(address: string, opts: { subject?: RegExp; timeoutMs?: number } = {}): Promise<ReceivedMail> {
    let found: ReceivedMail | undefined;
    await eventually(async () => {
      found = (await this.to(address)).find((m) => !opts.subject || opts.subject.test(m.parsed.subject ?? ''));
      if (!found) throw new Error(`no mail to ${address}${opts.subject ? ` matching ${opts.subject}` : ''}`);
    }, opts.timeoutMs ?? 15_000);
    return found!;
  }
}

/**
 * A mail's header block as sent, folded lines joined, each header after a newline (so
 * `toContain('\nList-Unsubscribe: …')` finds a header by its whole name). mailparser files
 * List-* headers under one `list` entry; tests of what is on the wire read this instead.
 */
export function headersOf(mail: ReceivedMail): string {
  return (
    '\n' +
    mail.raw
      .toString()
      .split(/\r?\n\r?\n/)[0]
      .replace(/\r?\n[ \t]+/g, ' ')
  );
}

/** The links in a mail's plain-text part. */
export function linksOf(mail: ReceivedMail): string[] {
  return [...new Set((mail.parsed.text?.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) => link.replace(/[).,;:!?'\]]+$/, '')))];
}
