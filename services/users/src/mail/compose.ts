import { randomUUID } from 'node:crypto';
import { constantTimeEqual, Queryable, sign } from '@parley/common';
import type { UsersConfig } from '../config';
import type { RealmRow } from '../store/realms';
import { insertMail } from '../store/mail';
import { realmUrl } from '../domain/server-settings';
import { html, SafeHtml } from './html';
import { isNotificationMailKind, MailKind, NotificationMailKind } from './kinds';

/** What a mail says: the subject, and its body as plain text and as an HTML fragment. */
export interface MailContent {
  subject: string;
  text: string;
  html: SafeHtml;
}

export interface MailRecipient {
  address: string;
  name?: string;
  /** The user it is for, when it is one (NULL for an invitation or an unknown address). */
  userId?: number;
}

export interface QueueMail {
  kind: MailKind;
  realm: Pick<RealmRow, 'id' | 'name' | 'string_id'>;
  to: MailRecipient;
  content: MailContent;
  /** Not before this (missed-message batches); now when absent. */
  dueAt?: Date;
}

/**
 * Queues a mail in the caller's transaction (or statement): it is sent, by the sender
 * (sender.ts), exactly when what caused it commits. Every mail gets the realm's name in its
 * sender name and footer, an HTML and a plain-text part, and, for a notification mail to a
 * user, a one-click unsubscribe (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058).
 */
export async function queueMail(db: Queryable, config: UsersConfig, m: QueueMail): Promise<string> {
  const url = realmUrl(config, m.realm);
  const unsubscribe = isNotificationMailKind(m.kind) && m.to.userId !== undefined ? unsubscribeUrl(config, url, m.to.userId, m.kind) : undefined;
  const headers: Record<string, string> = unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
  return insertMail(db, {
    realm_id: m.realm.id,
    user_id: m.to.userId ?? null,
    kind: m.kind,
    message_id: `<${randomUUID()}@${config.fakeEmailDomain}>`,
    to_address: m.to.address,
    to_name: m.to.name ?? '',
    from_name: fromName(config, m.realm.name),
    subject: m.content.subject,
    text_body: textLayout(m.realm.name, url, m.content.text, unsubscribe),
    html_body: htmlLayout(m.realm.name, url, m.content, unsubscribe).value,
    headers,
    due_at: m.dueAt,
  });
}

/** "Acme via Parley" as Zulip's FromAddress does with the realm's name; the setting alone without one. */
function fromName(config: UsersConfig, realmName: string): string {
  return realmName ? `${realmName} via ${config.mail.fromName}` : config.mail.fromName;
}

function textLayout(realmName: string, url: string, body: string, unsubscribe: string | undefined): string {
  const footer = [`--`, `${realmName} (${url})`, ...(unsubscribe ? [`Unsubscribe: ${unsubscribe}`] : [])];
  return `${body.trimEnd()}\n\n${footer.join('\n')}\n`;
}

function htmlLayout(realmName: string, url: string, content: MailContent, unsubscribe: string | undefined): SafeHtml {
  return html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${content.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f5f5f5;font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#222;">
        <div style="max-width:600px;margin:0 auto;padding:24px;">
          <div style="background:#fff;border-radius:6px;padding:24px;line-height:1.5;">${content.html}</div>
          <p style="font-size:12px;color:#666;text-align:center;margin-top:16px;">
            <a href="${url}" style="color:#666;">${realmName}</a>${unsubscribe ? html` · <a href="${unsubscribe}" style="color:#666;">Unsubscribe</a>` : ''}
          </p>
        </div>
      </body>
    </html> `;
}

/**
 * A link that turns off one kind of notification mail for one user, without signing in
 * (Zulip's /accounts/unsubscribe/<type>/<key>): the user's ID and an HMAC of it under the
 * server secret, so only Parley can make one and it needs no table.
 */
export function unsubscribeUrl(config: UsersConfig, realmUrlValue: string, userId: number, kind: NotificationMailKind): string {
  return `${realmUrlValue}/accounts/unsubscribe/${kind}/${userId}.${unsubscribeSignature(config.secret, userId, kind)}`;
}

function unsubscribeSignature(secret: string, userId: number, kind: NotificationMailKind): string {
  return sign(secret, `unsubscribe:${kind}`, String(userId));
}

/** The user an unsubscribe token names, or undefined for a forged or malformed one. */
export function readUnsubscribeToken(secret: string, kind: NotificationMailKind, token: string): number | undefined {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const userId = Number(match[1]);
  return constantTimeEqual(match[2], unsubscribeSignature(secret, userId, kind)) ? userId : undefined;
}
