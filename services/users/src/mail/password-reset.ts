import { html } from './html';
import type { MailContent } from './compose';

/**
 * The password-reset mails, as Zulip words them (templates/zerver/emails/password_reset.*):
 * the link for an active account, or, to an address with none in the organization, a note
 * that says so (and names the organizations where it has one).
 */
export function passwordResetMail(p: { realmName: string; realmUrl: string; email: string; resetUrl: string; validHours: number }): MailContent {
  const subject = `Password reset request for ${p.realmName}`;
  const text = [
    `Someone (possibly you) asked for a new password for the account ${p.email} in ${p.realmName} (${p.realmUrl}).`,
    '',
    'Follow this link to choose a new password:',
    '',
    p.resetUrl,
    '',
    `The link works once, within ${p.validHours} hours. If you did not ask for it, ignore this mail: your password stays as it is.`,
  ].join('\n');
  const body = html`<p>Someone (possibly you) asked for a new password for the account <b>${p.email}</b> in ${p.realmName} (<a href="${p.realmUrl}">${p.realmUrl}</a>).</p>
    <p>
      <a href="${p.resetUrl}" style="display:inline-block;background:#4d6be0;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:600;">Reset password</a>
    </p>
    <p>Or copy this link into your browser: <a href="${p.resetUrl}">${p.resetUrl}</a></p>
    <p style="color:#666;">The link works once, within ${p.validHours} hours. If you did not ask for it, ignore this mail: your password stays as it is.</p>`;
  return { subject, text, html: body };
}

export function passwordResetUnknownMail(p: { realmName: string; realmUrl: string; email: string; deactivated: boolean; otherRealms: { name: string; url: string }[] }): MailContent {
  const subject = `Password reset request for ${p.realmName}`;
  const why = p.deactivated
    ? `Someone (possibly you) asked for a password reset for ${p.email} in ${p.realmName} (${p.realmUrl}), but that account has been deactivated. Please contact your organization administrator to reactivate it.`
    : `Someone (possibly you) asked for a password reset for ${p.email} in ${p.realmName} (${p.realmUrl}), but there is no account with that address in this organization.`;
  const others = p.otherRealms.length
    ? ['', 'You do have an active account in these organizations; you can log in or reset your password there:', ...p.otherRealms.map((r) => `${r.name}: ${r.url}`)]
    : [];
  const text = [why, ...others, '', 'If you did not ask for this, ignore this mail.'].join('\n');
  const body = html`<p>${why}</p>
    ${
      p.otherRealms.length
        ? html`<p>You do have an active account in these organizations; you can log in or reset your password there:</p>
            <ul>
              ${p.otherRealms.map((r) => html`<li><a href="${r.url}">${r.name}</a> (${r.url})</li>`)}
            </ul>`
        : ''
    }
    <p style="color:#666;">If you did not ask for this, ignore this mail.</p>`;
  return { subject, text, html: body };
}
