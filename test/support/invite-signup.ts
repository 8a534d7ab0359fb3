import { Api } from './api';
import { ok } from './responses';
import { linksOf, TestSmtpServer } from './smtp';

/** The link of the last confirmation or invitation mailed to `email` (`…/accounts/do_confirm/<key>/`). */
export async function mailedConfirmLink(smtp: TestSmtpServer, email: string): Promise<string> {
  await smtp.waitFor(email);
  return linksOf(smtp.to(email).at(-1)!).find((l) => l.includes('/accounts/do_confirm/'))!;
}

/**
 * Signs up through a reusable link by the API, as a person does (issue #42): the address, then
 * the mailed confirmation with a name and password. For tests whose own Parley mails `smtp`.
 * Parley additions, outside Zulip's reference: only the envelope is checked (test/invites.test.ts checks the rest).
 */
export async function joinThroughLink(smtp: TestSmtpServer, link: string, person: { email: string; full_name: string; password: string }): Promise<Record<string, any>> {
  const key = /\/join\/([^/]+)\//.exec(link)![1];
  ok(await new Api().post(`/invites/link/${key}/accept`, { email: person.email }, { contract: 'envelope' }));
  const confirm = /\/accounts\/do_confirm\/([^/]+)\//.exec(await mailedConfirmLink(smtp, person.email))![1];
  return ok(await new Api().post(`/invites/confirm/${confirm}`, { full_name: person.full_name, password: person.password }, { contract: 'envelope' }));
}
