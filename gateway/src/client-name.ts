/**
 * The client's name, as Zulip derives it: the `client` parameter when given, else the
 * User-Agent's product token ("ZulipMobile/27.1 ..." → "ZulipMobile"), "website" for
 * browsers, "Unspecified" when there is none. Services use it for Zulip's heuristics
 * (messages sent from API clients start unread for their sender, and so on).
 */
export function clientName(param: string | undefined, userAgent: string | undefined): string {
  // The name travels in gRPC metadata, which takes printable ASCII only (a NUL or an "é"
  // there would fail the call).
  const printable = (s: string | undefined) => (s ?? '').replace(/[^\x20-\x7e]/g, '').trim();
  if (printable(param)) return printable(param).slice(0, 30);
  const ua = printable(userAgent);
  if (!ua) return 'Unspecified';
  // Zulip's desktop app sends a browser User-Agent that names it: "... ZulipElectron/5.11 ...".
  const zulipApp = /\b(Zulip[A-Za-z]+)\//.exec(ua);
  if (zulipApp) return zulipApp[1];
  if (/^Mozilla\//.test(ua)) return 'website';
  const token = ua.split(/[\s/]/)[0];
  return token.slice(0, 30) || 'Unspecified';
}
