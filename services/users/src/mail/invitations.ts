import { html } from './html';
import type { MailContent } from './compose';

/**
 * What the invitation and sign-up mails say (after Zulip's templates/zerver/emails/invitation.*,
 * confirm_registration.*). queueMail adds the layout, the realm's name and the footer.
 */

export function invitationMail(m: { referrerName: string; referrerEmail: string; realmName: string; url: string }): MailContent {
  return {
    subject: `${m.referrerName} has invited you to join ${m.realmName}`,
    text: `Hi there,

${m.referrerName} (${m.referrerEmail}) wants you to join them in ${m.realmName} on Parley.

To get started, click the link below.
    <${m.url}>
`,
    html: html`<p>Hi there,</p>
      <p>${m.referrerName} (${m.referrerEmail}) wants you to join them in <b>${m.realmName}</b> on Parley.</p>
      <p>To get started, click the link below.</p>
      <p><a href="${m.url}" style="display:inline-block;padding:8px 16px;background:#2e7d32;color:#fff;border-radius:4px;text-decoration:none;">Accept the invitation</a></p>
      <p style="font-size:12px;color:#666;">${m.url}</p>`,
  };
}

export function confirmRegistrationMail(m: { realmName: string; url: string }): MailContent {
  return {
    subject: 'Activate your Parley account',
    text: `Hello there.

You recently signed up for ${m.realmName} on Parley. Awesome!

To complete signup, please click here:
    <${m.url}>

If you did not sign up, ignore this mail: no account is made without this link.
`,
    html: html`<p>Hello there.</p>
      <p>You recently signed up for <b>${m.realmName}</b> on Parley. Awesome!</p>
      <p>To complete signup, please click here:</p>
      <p><a href="${m.url}" style="display:inline-block;padding:8px 16px;background:#2e7d32;color:#fff;border-radius:4px;text-decoration:none;">Complete sign-up</a></p>
      <p style="font-size:12px;color:#666;">${m.url}</p>
      <p>If you did not sign up, ignore this mail: no account is made without this link.</p>`,
  };
}

/** A sign-up for an address that has an account already: say so to that address, and how to get in. */
export function accountExistsMail(m: { realmName: string; email: string; loginUrl: string; resetUrl: string; deactivated: boolean }): MailContent {
  const state = m.deactivated
    ? `Your account there has been deactivated; ask an administrator of ${m.realmName} to reactivate it.`
    : `Log in at ${m.loginUrl} . If you forgot your password, you can reset it at ${m.resetUrl} .`;
  return {
    subject: `You already have an account in ${m.realmName}`,
    text: `Hello there.

Someone (probably you) tried to sign up for ${m.realmName} on Parley as ${m.email}, but this address already has an account there.

${state}

If it was not you, ignore this mail: nothing has changed.
`,
    html: html`<p>Hello there.</p>
      <p>Someone (probably you) tried to sign up for <b>${m.realmName}</b> on Parley as ${m.email}, but this address already has an account there.</p>
      ${
        m.deactivated
          ? html`<p>Your account there has been deactivated; ask an administrator of ${m.realmName} to reactivate it.</p>`
          : html`<p><a href="${m.loginUrl}">Log in</a>. If you forgot your password, you can <a href="${m.resetUrl}">reset it</a>.</p>`
      }
      <p>If it was not you, ignore this mail: nothing has changed.</p>`,
  };
}
