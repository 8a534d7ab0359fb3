import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiError, type RpcClients } from '@parley/common';
import { WEB_CSP } from './web-app';

/**
 * Pages the gateway renders itself for links in mails that act when followed, as Zulip's
 * server-rendered confirmation pages do: `GET /accounts/confirm_new_email/<key>/` confirms an
 * email change (its key is the proof; no session needed) and says what happened, or why not.
 */
const CONFIRM_NEW_EMAIL = /^\/accounts\/confirm_new_email\/([^/]{1,200})\/?$/;

export function confirmNewEmailKey(method: string | undefined, path: string): string | undefined {
  if (method !== 'GET') return undefined;
  const match = CONFIRM_NEW_EMAIL.exec(path);
  return match?.[1];
}

export async function serveConfirmNewEmail(users: RpcClients['users'], res: ServerResponse, req: IncomingMessage, key: string, client: string): Promise<void> {
  try {
    const done = await users.confirmEmailChange({ key }, { client, host: req.headers.host ?? '' });
    sendPage(res, 200, 'Email address updated', [
      `The email address for your account in ${done.realm_name} was changed from ${done.old_email} to ${done.new_email}.`,
      `Log in with ${done.new_email} from now on.`,
    ]);
  } catch (err) {
    if (!isApiError(err) || err.httpStatus >= 500) throw err;
    sendPage(res, err.httpStatus, 'Email address not changed', [err.message]);
  }
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function sendPage(res: ServerResponse, status: number, title: string, paragraphs: string[]): void {
  const body = Buffer.from(`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(title)}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<main>
<h1>${escape(title)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="/">Go to the organization</a></p>
</main>
</body>
</html>
`);
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': 'no-store',
    'content-security-policy': WEB_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  });
  res.end(body);
}
