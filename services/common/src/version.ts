/**
 * What Parley publishes about itself. It follows Zulip's feature levels: the level of the
 * reference it implements (GET /server_settings and POST /register publish it both as
 * zulip_feature_level, for real clients, and as service_feature_level, the spec's name).
 */
export const FEATURE_LEVEL = 420;
export const ZULIP_VERSION = '11.0';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json lies outside the compiled rootDir
export const PARLEY_VERSION = (require('../../../package.json') as { version: string }).version;

/**
 * The realm subdomain a Host names: '' for EXTERNAL_HOST itself, `sub` for
 * `sub.EXTERNAL_HOST`, undefined when the Host is something else (an IP, a proxy name).
 */
export function subdomainFromHost(host: string, externalHost: string): string | undefined {
  const h = host.trim().toLowerCase();
  const base = externalHost.toLowerCase();
  if (h === base) return '';
  if (h.endsWith(`.${base}`)) return h.slice(0, -base.length - 1);
  return undefined;
}
