import type { MissedMessage__Output } from '@parley/common/generated/parley/messages/v1/MissedMessage';
import type { UsersConfig } from '../config';
import type { RealmRow } from '../store/realms';
import type { ListedUserRow, UserRow } from '../store/users';
import { realmUrl } from '../domain/server-settings';
import { html, SafeHtml, trustedHtml } from './html';
import type { MailContent } from './compose';

/** One conversation's missed messages: a channel's topic, or a direct-message conversation. */
export interface Conversation {
  messages: MissedMessage__Output[];
}

/** The messages grouped as Zulip's mails group them (one per topic, one per DM conversation), in order of their first message. */
export function conversationsOf(messages: MissedMessage__Output[]): Conversation[] {
  const groups = new Map<string, MissedMessage__Output[]>();
  for (const m of [...messages].sort((a, b) => Number(a.id) - Number(b.id))) {
    const key =
      m.kind === 'channel'
        ? `c:${m.stream_id}:${m.topic.toLowerCase()}`
        : `d:${[...m.dm_user_ids]
            .map(Number)
            .sort((a, b) => a - b)
            .join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].map((list) => ({ messages: list }));
}

export interface MissedMailInput {
  conversation: Conversation;
  /** The senders and participants, by ID. */
  people: Map<number, ListedUserRow>;
  withRealmName: boolean;
  /** message_content_in_email_notifications: false hides the messages (Zulip's "New messages"). */
  showContent: boolean;
}

/**
 * One conversation's mail (Zulip's templates/zerver/emails/missed_message.*): its subject
 * ("#channel > topic", "DMs with X", "Group DMs with …"), each message as the recipient sees
 * it (its rendered HTML with links, images and emoji made to work outside Parley), and a link
 * to the conversation. Senders are shown by name only: an address is what
 * email_address_visibility may hide.
 */
export function missedMessageMail(config: UsersConfig, realm: RealmRow, user: UserRow, input: MissedMailInput): MailContent {
  const { conversation, people, showContent } = input;
  const first = conversation.messages[0];
  const base = realmUrl(config, realm);
  const nameOf = (id: number | string) => people.get(Number(id))?.full_name ?? 'Unknown user';
  const others = first.dm_user_ids.map(Number).filter((id) => id !== user.id);
  const url = base + (first.kind === 'channel' ? first.narrow_url : dmNarrowUrl(others, nameOf));
  const title =
    first.kind === 'channel' ? `#${first.channel_name} > ${first.topic}` : others.length > 1 ? `Group DMs with ${groupName(others.map(nameOf))}` : `DMs with ${nameOf(others[0] ?? user.id)}`;
  const subject = (showContent ? title : 'New messages') + (input.withRealmName ? ` [${realm.name}]` : '');
  if (!showContent) {
    const note = 'This email does not include message content because you have disabled message content in email notifications.';
    return {
      subject,
      text: `You have new messages in ${realm.name}.\n${note}\n\nView them: ${url}\n`,
      html: html`<p>You have <a href="${url}">new messages</a> in ${realm.name}.</p>
        <p>${note}</p>`,
    };
  }
  const text = [title, '', ...conversation.messages.flatMap((m) => [`${nameOf(m.sender_id)}:`, m.content, '']), `View or reply in ${realm.name}: ${url}`].join('\n');
  const body = html`<h3 style="margin-top:0;"><a href="${url}">${title}</a></h3>
    ${conversation.messages.map(
      (m) =>
        html`<div style="margin-bottom:16px;">
          <div style="font-weight:bold;">${nameOf(m.sender_id)}</div>
          <div>${renderedForMail(m.rendered_content, base)}</div>
        </div>`,
    )}
    <p><a href="${url}">View or reply in ${realm.name}</a></p>`;
  return { subject, text, html: body };
}

/** "A and B", "A, B, and C", "A, B, and 2 others": Zulip's group DM names. */
function groupName(names: string[]): string {
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  if (names.length === 3) return `${names[0]}, ${names[1]}, and ${names[2]}`;
  return `${names[0]}, ${names[1]}, and ${names.length - 2} others`;
}

/** Zulip's personal_narrow_url and direct_message_group_narrow_url. */
function dmNarrowUrl(others: number[], nameOf: (id: number) => string): string {
  if (others.length === 1) return `/#narrow/dm/${others[0]}-${nameOf(others[0]).replace(/[ "%/<>`\p{C}]+/gu, '-')}`;
  return `/#narrow/dm/${[...others].sort((a, b) => a - b).join(',')}-group`;
}

/**
 * A message's stored HTML (rendered and sanitized by the messages service) made to work in a
 * mail: links and images under the realm's URL, Unicode emoji as their characters (a mail
 * has no emoji sprite sheet).
 */
export function renderedForMail(rendered: string, base: string): SafeHtml {
  const absolute = rendered.replace(/\b(href|src)="(\/|#)/g, (_, attr: string, lead: string) => `${attr}="${base}${lead === '#' ? '/#' : '/'}`);
  const emoji = absolute.replace(/<span aria-label="[^"]*" class="emoji emoji-([0-9a-f-]+)" role="img" title="([^"]*)">:[^<]*:<\/span>/g, (whole, code: string, title: string) => {
    const points = code.split('-').map((h) => parseInt(h, 16));
    return points.every((p) => Number.isFinite(p) && p <= 0x10ffff) ? `<span title="${title}">${String.fromCodePoint(...points)}</span>` : whole;
  });
  return trustedHtml(emoji);
}
