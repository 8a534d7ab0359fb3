import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { MailRow } from '../store/mail';

/**
 * Where mail goes (MailConfig.transport): an SMTP server (EMAIL_HOST, with Zulip's setting
 * names), or, with no EMAIL_HOST, a folder of `.eml` files under PARLEY_DATA_DIR that the
 * operator reads (`npm run manage -- mails` lists them with their links). Both build the same
 * message with nodemailer, Message-ID included.
 */
export type MailTransportConfig =
  | {
      kind: 'smtp';
      host: string;
      port: number;
      user?: string;
      password?: string;
      /** EMAIL_USE_TLS: STARTTLS, required. */
      useTls: boolean;
      /** EMAIL_USE_SSL: TLS from the first byte (usually port 465). */
      useSsl: boolean;
      /** How long one attempt may take, connection to answer (EMAIL_TIMEOUT_MS). */
      timeoutMs: number;
    }
  | { kind: 'folder'; dir: string };

/** What one attempt did: where the folder transport wrote the mail (null over SMTP). */
export interface Delivered {
  filePath: string | null;
}

export interface MailTransport {
  readonly kind: MailTransportConfig['kind'];
  /** Throws on failure; `permanentFailure` tells a refusal worth no retry. */
  send(mail: MailRow, from: string): Promise<Delivered>;
  close(): void;
}

/** The nodemailer message for a queued row: the same bytes whichever transport carries it. */
export function messageOf(mail: MailRow, from: string): Mail.Options {
  return {
    from: { name: mail.from_name, address: from },
    to: mail.to_name ? { name: mail.to_name, address: mail.to_address } : mail.to_address,
    subject: mail.subject,
    text: mail.text_body,
    html: mail.html_body,
    messageId: mail.message_id,
    date: mail.created_at,
    headers: { ...mail.headers, 'Auto-Submitted': 'auto-generated' },
  };
}

export function createMailTransport(config: MailTransportConfig): MailTransport {
  return config.kind === 'smtp' ? smtpTransport(config) : folderTransport(config.dir);
}

function smtpTransport(config: Extract<MailTransportConfig, { kind: 'smtp' }>): MailTransport {
  const transporter = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.useSsl,
    requireTLS: config.useTls,
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    connectionTimeout: config.timeoutMs,
    greetingTimeout: config.timeoutMs,
    socketTimeout: config.timeoutMs,
  });
  return {
    kind: 'smtp',
    async send(mail, from) {
      await transporter.sendMail(messageOf(mail, from));
      return { filePath: null };
    },
    close: () => transporter.close(),
  };
}

function folderTransport(dir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'folder',
    async send(mail, from) {
      const info = await builder.sendMail(messageOf(mail, from));
      await mkdir(dir, { recursive: true });
      // Named to sort by time; written whole, then renamed, so a reader never sees half a mail.
      const name = `${mail.created_at.toISOString().replace(/[:.]/g, '-')}-${mail.id}-${mail.kind}.eml`;
      const path = join(dir, name);
      await writeFile(`${path}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${path}.tmp`, path);
      return { filePath: path };
    },
    close: () => builder.close(),
  };
}

/**
 * Whether a failed attempt is worth another: a 5xx reply to this mail's recipient or content
 * (no such mailbox, refused as spam) is final for it. Anything else may work later: a
 * connection that failed or timed out, a 4xx, and a 5xx to the login or the sender (the
 * server's configuration, which an operator fixes: the mail then goes).
 */
export function isPermanentFailure(err: unknown): boolean {
  const { responseCode, command } = err as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (command === 'RCPT TO' || command === 'DATA');
}
