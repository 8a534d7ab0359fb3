import { join } from 'node:path';
import { ConfigError, envBool, envInt, envOptional, envString, readBaseConfig, BaseConfig } from '@parley/common';
import type { MailTransportConfig } from './mail/transport';
import { DEFAULT_MAIL_SENDER, MailSenderOptions } from './mail/sender';
import { DEFAULT_MAX_USER_GROUPS_PER_REALM } from './domain/user-groups';
import { DEFAULT_MAX_LINKIFIERS_PER_REALM } from './domain/linkifiers';
import { DEFAULT_MAX_CUSTOM_PROFILE_FIELDS_PER_REALM } from './domain/profile-fields';

export interface UsersConfig extends BaseConfig {
  /** The host clients reach Parley at; realm subdomains are `<sub>.<externalHost>`. */
  externalHost: string;
  /** Scheme of realm URLs: http://localhost:9991 and http://<sub>.localhost:9991 on the embedded default. */
  urlScheme: string;
  /** Domain of placeholder emails (user12@<domain>) when a real one must stay hidden. */
  fakeEmailDomain: string;
  maxFileUploadSizeMib: number;
  /**
   * Zulip's ENABLE_GRAVATAR (default off in Parley): whether users without an uploaded avatar
   * get Gravatar's, or the default avatar Parley draws itself (common/avatars.ts).
   */
  enableGravatar: boolean;
  /** User groups one realm may have, deactivated ones included (MAX_USER_GROUPS_PER_REALM; Parley's bound). */
  maxUserGroupsPerRealm: number;
  /** Linkifiers one realm may have (MAX_LINKIFIERS_PER_REALM; Parley's bound). */
  maxLinkifiersPerRealm: number;
  /** Custom profile fields one realm may have (MAX_CUSTOM_PROFILE_FIELDS_PER_REALM; Parley's bound). */
  maxCustomProfileFieldsPerRealm: number;
  /** Outgoing mail (docs/configuration.md, "Mail"; ADR 0031). */
  mail: MailConfig;
  /** How often each replica's digest job looks for realms whose digest day it is and for `manage send-digests` requests (DIGEST_POLL_MS). */
  digestPollMs: number;
  /** Zulip's SEND_LOGIN_EMAILS and SEND_DIGEST_EMAILS: server-wide switches for those mails (on by default). */
  sendLoginEmails: boolean;
  sendDigestEmails: boolean;
  /** Missed-message mails (mail/missed-messages.ts). */
  missedMessages: MissedMessagesConfig;
}

export interface MissedMessagesConfig {
  /**
   * MISSED_MESSAGE_BATCH_SECONDS_MAX: caps every user's email_notifications_batching_period_seconds
   * (whose least is 120 s), for tests and demonstrations; unset, the users' own periods apply.
   */
  batchSecondsMax?: number;
  /** MISSED_MESSAGE_POLL_MS: how often each replica looks for batches that are due. */
  pollMs: number;
}

export interface MailConfig {
  transport: MailTransportConfig;
  /** The name mails come from (EMAIL_FROM_NAME), after the realm's: "Acme via Parley". */
  fromName: string;
  /** How the sender works: its From address (NOREPLY_EMAIL_ADDRESS), polling, retries. */
  sender: MailSenderOptions;
}

/**
 * Zulip's names: EMAIL_HOST (none: mail goes to files under PARLEY_DATA_DIR), EMAIL_PORT,
 * EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS (STARTTLS), EMAIL_USE_SSL, and
 * NOREPLY_EMAIL_ADDRESS; the port defaults as Django's do (465 with SSL, 587 with TLS, else 25).
 */
export function readMailConfig(env: Record<string, string | undefined>, dataDir: string, emailDomain: string): MailConfig {
  const host = envOptional(env, 'EMAIL_HOST');
  const useTls = envBool(env, 'EMAIL_USE_TLS', false);
  const useSsl = envBool(env, 'EMAIL_USE_SSL', false);
  if (useTls && useSsl) throw new ConfigError('EMAIL_USE_TLS and EMAIL_USE_SSL are exclusive: STARTTLS or TLS from the start, not both');
  const transport: MailTransportConfig = host
    ? {
        kind: 'smtp',
        host,
        port: envInt(env, 'EMAIL_PORT', useSsl ? 465 : useTls ? 587 : 25, 1, 65535),
        user: envOptional(env, 'EMAIL_HOST_USER'),
        password: envOptional(env, 'EMAIL_HOST_PASSWORD'),
        useTls,
        useSsl,
        timeoutMs: envInt(env, 'EMAIL_TIMEOUT_MS', 30_000, 100),
      }
    : { kind: 'folder', dir: envString(env, 'EMAIL_FOLDER', join(dataDir, 'mail')) };
  const from = envString(env, 'NOREPLY_EMAIL_ADDRESS', `noreply@${emailDomain}`);
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(from)) throw new ConfigError(`NOREPLY_EMAIL_ADDRESS is not an email address: ${from}`);
  return Object.freeze({
    transport: Object.freeze(transport),
    fromName: envString(env, 'EMAIL_FROM_NAME', 'Parley'),
    sender: Object.freeze({
      ...DEFAULT_MAIL_SENDER,
      from,
      pollMs: envInt(env, 'MAIL_POLL_MS', DEFAULT_MAIL_SENDER.pollMs, 10),
      giveUpMs: envInt(env, 'MAIL_GIVE_UP_HOURS', DEFAULT_MAIL_SENDER.giveUpMs / 3_600_000, 1) * 3_600_000,
    }),
  });
}

export function readUsersConfig(env: Record<string, string | undefined>, defaults: { databaseUrl?: string } = {}): UsersConfig {
  // As the gateway's default: `<sub>.localhost` reaches loopback in browsers and curl.
  const externalHost = envString(env, 'EXTERNAL_HOST', `localhost:${envString(env, 'PORT', '9991')}`);
  const hostname = externalHost.replace(/:\d+$/, '');
  // An IP address or a bare name makes no email domain; Zulip falls back the same way.
  const domainLike = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(hostname) && !/^[\d.]+$/.test(hostname);
  const base = readBaseConfig('users', env, defaults);
  const fakeEmailDomain = envOptional(env, 'FAKE_EMAIL_DOMAIN') ?? (domainLike ? hostname : 'parley.invalid');
  return Object.freeze({
    ...base,
    externalHost,
    urlScheme: envString(env, 'EXTERNAL_SCHEME', 'http'),
    fakeEmailDomain,
    mail: readMailConfig(env, base.dataDir, fakeEmailDomain),
    missedMessages: Object.freeze({
      batchSecondsMax: envOptional(env, 'MISSED_MESSAGE_BATCH_SECONDS_MAX') === undefined ? undefined : envInt(env, 'MISSED_MESSAGE_BATCH_SECONDS_MAX', 0, 0),
      pollMs: envInt(env, 'MISSED_MESSAGE_POLL_MS', 10_000, 10),
    }),
    digestPollMs: envInt(env, 'DIGEST_POLL_MS', 60_000, 100),
    sendLoginEmails: envBool(env, 'SEND_LOGIN_EMAILS', true),
    sendDigestEmails: envBool(env, 'SEND_DIGEST_EMAILS', true),
    maxFileUploadSizeMib: envInt(env, 'MAX_FILE_UPLOAD_SIZE_MIB', 25, 0),
    enableGravatar: envBool(env, 'ENABLE_GRAVATAR', false),
    maxUserGroupsPerRealm: envInt(env, 'MAX_USER_GROUPS_PER_REALM', DEFAULT_MAX_USER_GROUPS_PER_REALM, 1),
    maxLinkifiersPerRealm: envInt(env, 'MAX_LINKIFIERS_PER_REALM', DEFAULT_MAX_LINKIFIERS_PER_REALM, 1),
    maxCustomProfileFieldsPerRealm: envInt(env, 'MAX_CUSTOM_PROFILE_FIELDS_PER_REALM', DEFAULT_MAX_CUSTOM_PROFILE_FIELDS_PER_REALM, 1),
  });
}
