import type { Queryable } from '@parley/common';
import type { UsersConfig } from '../config';
import type { RealmRow } from '../store/realms';
import type { UserRow } from '../store/users';
import { queueMail } from '../mail/compose';
import { newLoginMail } from '../mail/login-mail';
import { realmUrl } from './server-settings';
import { userSettings } from './settings';

/** Zulip's JUST_CREATED_THRESHOLD: a login this soon after the account was made is its sign-up. */
export const JUST_CREATED_MS = 60_000;

export interface LoginDevice {
  user_agent: string;
  remote_addr: string;
}

/**
 * Zulip's email_on_new_login (zerver/signals.py): after a password login, through a browser
 * session or POST /fetch_api_key, a mail to the user saying when (in their timezone) and from
 * what device, unless they turned `enable_login_emails` off or the account is under a minute
 * old. A notification mail: it carries the one-click unsubscribe. Queued on its own statement:
 * the login changes no row to commit it with.
 */
export async function queueNewLoginMail(db: Queryable, config: UsersConfig, realm: RealmRow, user: UserRow, device: LoginDevice | undefined, now = new Date()): Promise<void> {
  if (!device || !config.sendLoginEmails) return;
  const settings = userSettings(user);
  if (settings.enable_login_emails === false) return;
  if (now.getTime() - user.date_joined.getTime() <= JUST_CREATED_MS) return;
  const ua = device.user_agent.toLowerCase();
  await queueMail(db, config, {
    kind: 'login',
    realm,
    to: { address: user.delivery_email, name: user.full_name, userId: user.id },
    content: newLoginMail({
      realmUrl: realmUrl(config, realm),
      email: user.delivery_email,
      time: loginTime(now, user.timezone, settings.twenty_four_hour_time === true),
      browser: deviceBrowser(ua) ?? 'An unknown browser',
      os: deviceOs(ua) ?? 'an unknown operating system',
      ip: device.remote_addr || 'Unknown IP address',
    }),
  });
}

/** "Tuesday, December 08, 2026 at 09:05PM CET" in the user's zone (the server's, UTC, when unset), as Zulip's strftime. */
export function loginTime(now: Date, zone: string, twentyFourHour: boolean): string {
  const parts = (opts: Intl.DateTimeFormatOptions) => Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone || 'UTC', ...opts }).formatToParts(now).map((p) => [p.type, p.value]));
  const d = parts({ weekday: 'long', month: 'long', day: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: twentyFourHour ? 'h23' : 'h12', timeZoneName: 'short' });
  const hhmm = twentyFourHour ? `${d.hour}:${d.minute}` : `${d.hour}:${d.minute}${String(d.dayPeriod).toUpperCase()}`;
  return `${d.weekday}, ${d.month} ${d.day}, ${d.year} at ${hhmm} ${d.timeZoneName}`;
}

/** Zulip's get_device_browser, in its order. */
export function deviceBrowser(ua: string): string | undefined {
  if (ua.includes('zulip')) return 'Zulip';
  if (ua.includes('edge')) return 'Edge';
  if (ua.includes('opera') || ua.includes('opr/')) return 'Opera';
  if ((ua.includes('chrome') || ua.includes('crios')) && !ua.includes('chromium')) return 'Chrome';
  if (ua.includes('firefox') && !ua.includes('seamonkey') && !ua.includes('chrome')) return 'Firefox';
  if (ua.includes('chromium')) return 'Chromium';
  if (ua.includes('safari') && !ua.includes('chrome') && !ua.includes('chromium')) return 'Safari';
  if (ua.includes('msie') || ua.includes('trident')) return 'Internet Explorer';
  return undefined;
}

/** Zulip's get_device_os, in its order. */
export function deviceOs(ua: string): string | undefined {
  if (ua.includes('windows')) return 'Windows';
  if (ua.includes('macintosh')) return 'macOS';
  if (ua.includes('linux') && !ua.includes('android')) return 'Linux';
  if (ua.includes('android')) return 'Android';
  if (ua.includes('ios') || ua.includes('like mac os x')) return 'iOS';
  if (ua.includes(' cros ')) return 'ChromeOS';
  return undefined;
}
