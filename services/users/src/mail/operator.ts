import type { Queryable } from '@parley/common';
import type { UsersConfig } from '../config';
import type { MailRow } from '../store/mail';
import type { RealmRow } from '../store/realms';
import { queueMail } from './compose';
import { html } from './html';

/** A queued mail as `manage mails` prints it: who, what, what became of it, and its links. */
export function describeMail(row: MailRow) {
  const status = row.sent_at ? 'sent' : row.failed_at ? 'failed' : row.attempts ? 'retrying' : 'queued';
  return {
    id: Number(row.id),
    created: row.created_at.toISOString(),
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    status,
    attempts: row.attempts,
    ...(row.last_error ? { last_error: row.last_error } : {}),
    ...(row.file_path ? { file: row.file_path } : {}),
    links: linksIn(row.text_body),
  };
}

/** The links of a mail's plain-text part, in order, without repeats (the footer's realm link included). */
export function linksIn(text: string): string[] {
  // A link ends before white space, and before punctuation that closes the sentence around it ("(http://x)." ).
  return [...new Set((text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) => link.replace(/[).,;:!?'\]]+$/, '')))];
}

export function queueTestMail(db: Queryable, config: UsersConfig, realm: Pick<RealmRow, 'id' | 'name' | 'string_id'>, address: string): Promise<string> {
  const transport = config.mail.transport.kind === 'smtp' ? `the SMTP server at ${config.mail.transport.host}` : 'the mail folder';
  return queueMail(db, config, {
    kind: 'test',
    realm,
    to: { address },
    content: {
      subject: 'Parley test mail',
      text: `This mail was sent by Parley's management CLI (send-test-mail) through ${transport}. If you can read it, mail works.`,
      html: html`<p>This mail was sent by Parley's management CLI (<code>send-test-mail</code>) through ${transport}.</p>
        <p>If you can read it, mail works.</p>`,
    },
  });
}
