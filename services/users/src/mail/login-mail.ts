import type { MailContent } from './compose';
import { html } from './html';

/** Zulip's notify_new_login mail: which account, when, from what device and address. */
export function newLoginMail(m: { realmUrl: string; email: string; time: string; browser: string; os: string; ip: string }): MailContent {
  const device = `${m.browser} on ${m.os}`;
  return {
    subject: `New login from ${device}`,
    text: [
      'We noticed a recent login for the following account.',
      '',
      `Organization: ${m.realmUrl}`,
      `Email: ${m.email}`,
      `Time: ${m.time}`,
      `Device: ${device}.`,
      `IP address: ${m.ip}`,
      '',
      "If this was you, great! There's nothing else you need to do.",
      '',
      `If you do not recognize this login, or think your account may have been compromised, reset your password (${m.realmUrl}/accounts/password/reset/) or contact an administrator of the organization immediately.`,
    ].join('\n'),
    html: html`<p>We noticed a recent login for the following account.</p>
      <ul>
        <li>Organization: <a href="${m.realmUrl}">${m.realmUrl}</a></li>
        <li>Email: ${m.email}</li>
        <li>Time: ${m.time}</li>
        <li>Device: ${device}.</li>
        <li>IP address: ${m.ip}</li>
      </ul>
      <p>If this was you, great! There's nothing else you need to do.</p>
      <p>
        If you do not recognize this login, or think your account may have been compromised, please
        <a href="${m.realmUrl}/accounts/password/reset/">reset your password</a> or contact an administrator of the organization immediately.
      </p>`,
  };
}
