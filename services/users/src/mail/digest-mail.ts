import type { MailContent } from './compose';
import { html, SafeHtml, trustedHtml } from './html';

export interface DigestConversation {
  channel: string;
  topic: string;
  url: string;
  participants: string[];
  /** The first messages: sender and rendered (sanitized) HTML. */
  samples: { sender: string; html: string; text: string }[];
  /** Messages beyond the samples. */
  more: number;
}

export interface DigestNewChannel {
  name: string;
  url: string;
}

/** Zulip's digest mail (templates/zerver/emails/digest.*): hot conversations, then new channels. */
export function digestMail(m: { realmName: string; realmUrl: string; conversations: DigestConversation[]; newChannels: DigestNewChannel[] }): MailContent {
  const text: string[] = [`Here's what you missed in ${m.realmName} while you were away.`, ''];
  if (m.conversations.length) {
    text.push('Hot conversations:', '');
    for (const c of m.conversations) {
      text.push(`#${c.channel} > ${c.topic} (${c.url})`, `  Participants: ${c.participants.join(', ')}`);
      for (const s of c.samples) text.push(`  ${s.sender}: ${s.text}`);
      if (c.more > 0) text.push(`  and ${c.more} more message${c.more === 1 ? '' : 's'}`);
      text.push('');
    }
  }
  if (m.newChannels.length) {
    text.push(`New channels: ${m.newChannels.map((c) => `#${c.name} (${c.url})`).join(', ')}`, '');
  }
  text.push(`Catch up in Parley: ${m.realmUrl}`);
  const conversations: SafeHtml[] = m.conversations.map(
    (c) =>
      html`<div style="margin:16px 0;padding:12px;border:1px solid #ddd;border-radius:4px;">
        <p style="margin:0 0 8px;">
          <a href="${c.url}"><b>#${c.channel} &gt; ${c.topic}</b></a>
        </p>
        <p style="margin:0 0 8px;color:#666;font-size:13px;">Participants: ${c.participants.join(', ')}</p>
        ${c.samples.map(
          (s) =>
            html`<div style="margin:8px 0;">
              <b>${s.sender}</b>
              <div>${trustedHtml(s.html)}</div>
            </div>`,
        )}
        ${c.more > 0 ? html`<p style="margin:8px 0 0;"><a href="${c.url}">${c.more} more message${c.more === 1 ? '' : 's'}</a></p>` : ''}
      </div>`,
  );
  return {
    subject: `${m.realmName} digest: what you missed`,
    text: text.join('\n'),
    html: html`<p>Here's what you missed in ${m.realmName} while you were away.</p>
      ${
        m.conversations.length
          ? html`<h2 style="font-size:18px;">Hot conversations</h2>
              ${conversations}`
          : ''
      }
      ${
        m.newChannels.length
          ? html`<h2 style="font-size:18px;">New channels</h2>
              <p>${m.newChannels.map((c, i) => html`${i ? ', ' : ''}<a href="${c.url}">#${c.name}</a>`)}</p>`
          : ''
      }
      <p><a href="${m.realmUrl}">Catch up in Parley</a></p>`,
  };
}
