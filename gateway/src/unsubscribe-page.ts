import type { IncomingMessage, ServerResponse } from 'node:http';

/** /accounts/unsubscribe/<kind>/<token>: the link of a notification mail (and its List-Unsubscribe header). */
export const UNSUBSCRIBE_PATH = /^\/accounts\/unsubscribe\/([a-z_]{1,32})\/([A-Za-z0-9._-]{1,100})\/?$/;

/** What each kind of mail is called on the page. */
const KIND_NAMES: Record<string, string> = { missed_messages: 'missed-message emails', digest: 'digest emails', login: 'new-login emails' };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of its own (the link works signed out, without the web client): no script, a same-origin form. */
function page(res: ServerResponse, title: string, body: string): void {
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(title)}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;">${body}</body></html>\n`);
}

/** GET: asks to confirm, with a button that makes the one-click POST (RFC 8058's body). */
export function confirmPage(res: ServerResponse, kind: string, realmName: string): void {
  const what = KIND_NAMES[kind] ?? kind;
  page(
    res,
    `Unsubscribe from ${what}`,
    `<h1>Unsubscribe from ${escape(what)}?</h1><p>You will no longer get ${escape(what)} from ${escape(realmName)}. You can turn them on again in your notification settings.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

/** POST from a browser (the page's button): says it is done. */
export function donePage(res: ServerResponse, kind: string, realmName: string): void {
  const what = KIND_NAMES[kind] ?? kind;
  page(res, 'Unsubscribed', `<h1>Unsubscribed</h1><p>You will no longer get ${escape(what)} from ${escape(realmName)}.</p>`);
}

/** A browser's form wants a page back; a mail client's one-click POST, the JSON envelope. */
export const wantsHtml = (req: IncomingMessage) => /text\/html/.test(String(req.headers.accept ?? ''));
