import type { MailContent } from './compose';
import { html } from './html';

/**
 * The two mails of an email change, as Zulip words them (templates/zerver/emails/
 * confirm_new_email.*, notify_change_in_email.*): the link to the new address, and once it is
 * followed, a notice to the old one.
 */
export function confirmNewEmailMail(m: { realmUrl: string; realmHost: string; oldEmail: string; newEmail: string; link: string }): MailContent {
  return {
    subject: `Verify your new email address for ${m.realmHost}`,
    text: [
      'Hi!',
      '',
      `We received a request to change the email address for the account on ${m.realmUrl} from ${m.oldEmail} to ${m.newEmail}.`,
      'If you would like to confirm this change, follow this link (it works once, within a day):',
      '',
      m.link,
      '',
      'If you did not request this change, you can ignore this mail: nothing changes unless the link is followed.',
    ].join('\n'),
    html: html`<p>Hi!</p>
      <p>
        We received a request to change the email address for the account on ${m.realmUrl} from <b>${m.oldEmail}</b> to <b>${m.newEmail}</b>. If you would like to confirm this change, please click
        here:
      </p>
      <p><a href="${m.link}" style="display:inline-block;padding:8px 16px;background:#2c6fbb;color:#fff;border-radius:4px;text-decoration:none;">Confirm email change</a></p>
      <p>The link works once, within a day. If you did not request this change, you can ignore this mail: nothing changes unless the link is followed.</p>`,
  };
}

export function emailChangedNotice(m: { realmName: string; newEmail: string }): MailContent {
  return {
    subject: `Email address changed for ${m.realmName}`,
    text: [
      'Hi,',
      '',
      `The email address associated with your account in ${m.realmName} was recently changed to ${m.newEmail}.`,
      'If you did not request this change, please contact an administrator of the organization immediately.',
    ].join('\n'),
    html: html`<p>Hi,</p>
      <p>The email address associated with your account in ${m.realmName} was recently changed to <b>${m.newEmail}</b>.</p>
      <p>If you did not request this change, please contact an administrator of the organization immediately.</p>`,
  };
}
