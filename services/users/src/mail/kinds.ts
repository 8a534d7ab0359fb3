/**
 * Every kind of mail Parley sends (mail_queue.kind). The account mails go to whoever asked
 * for them and cannot be turned off; the notification mails carry a one-click unsubscribe
 * (RFC 8058) that turns off the personal setting named here, as Zulip's do
 * (zerver/views/unsubscribe.py).
 */
export const ACCOUNT_MAIL_KINDS = [
  'password_reset',
  // A reset asked for an address with no account here (Zulip says so, to that address).
  'password_reset_unknown',
  'invitation',
  'confirm_registration',
  // A sign-up asked for an address that already has an account in the realm (said to that address).
  'registration_account_exists',
  'email_change_confirm',
  'email_change_notice',
  // A test mail from the management CLI (`manage send-test-mail`).
  'test',
] as const;

/** Notification mail kind → the personal setting its unsubscribe link turns off. */
export const NOTIFICATION_MAIL_SETTINGS = {
  missed_messages: 'enable_offline_email_notifications',
  digest: 'enable_digest_emails',
  login: 'enable_login_emails',
} as const;

export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];
export type NotificationMailKind = keyof typeof NOTIFICATION_MAIL_SETTINGS;
export type MailKind = AccountMailKind | NotificationMailKind;

export function isNotificationMailKind(kind: string): kind is NotificationMailKind {
  return Object.hasOwn(NOTIFICATION_MAIL_SETTINGS, kind);
}
