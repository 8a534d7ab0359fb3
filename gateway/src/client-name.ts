/**
 * The client's name, as Zulip derives it: the `client` parameter when given, else the
 * User-Agent's product token ("ZulipMobile/27.1 ..." → "ZulipMobile"), "website" for
 * browsers, "Unspecified" when there is none. Services use it for Zulip's heuristics
 * (messages sent from API clients start unread for their sender, and so on).
 */
export function clientName(param: string | undefined, userAgent: string | undefined): string {
  if (param && param.trim()) return param.trim().slice(0, 30);
  const ua = (userAgent ?? '').trim();
  if (!ua) return 'Unspecified';
  // Zulip's desktop app sends a browser User-Agent that names it: "... ZulipElectron/5.11 ...".
  const zulipApp = /\b(Zulip[A-Za-z]+)\//.exec(ua);
  if (zulipApp) return zulipApp[1];
  if (/^Mozilla\//.test(ua)) return 'website';
  const token = ua.split(/[\s/]/)[0];
  return token.slice(0, 30) || 'Unspecified';
}
