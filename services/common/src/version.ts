/**
 * What Parley publishes about itself. It follows Zulip's feature levels: the level of the
 * reference it implements (GET /server_settings and POST /register publish it both as
 * zulip_feature_level, for real clients, and as service_feature_level, the spec's name).
 */
export const FEATURE_LEVEL = 420;
export const ZULIP_VERSION = '11.0';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json lies outside the compiled rootDir
export const PARLEY_VERSION = (require('../../../package.json') as { version: string }).version;

/** A host's port, `:<digits>` at its end (an IPv6 address is in brackets, so its colons are not). */
const HAS_PORT = /:\d+$/;

/**
 * The realm subdomain a Host names: '' for EXTERNAL_HOST itself, `sub` for
 * `sub.EXTERNAL_HOST`, undefined when the Host is something else (an IP, a proxy name).
 * As Zulip's get_subdomain: where EXTERNAL_HOST names no port, a Host matches with any port
 * or none (clients leave out the default one; gateways reached directly each have theirs);
 * where it names one, the Host must name the same.
 */
export function subdomainFromHost(host: string, externalHost: string): string | undefined {
  const base = externalHost.trim().toLowerCase();
  const withPort = host.trim().toLowerCase();
  const h = HAS_PORT.test(base) ? withPort : withPort.replace(HAS_PORT, '');
  if (h === base) return '';
  if (h.endsWith(`.${base}`)) return h.slice(0, -base.length - 1);
  return undefined;
}
