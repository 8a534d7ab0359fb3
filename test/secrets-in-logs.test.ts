import { Api } from './support/api';
import { loginCsrf } from './support/browser-session';
import { manage } from './support/cli';
import { OwnParley, startOwnParley } from './support/own-parley';

/**
 * Secrets never reach the logs (#11, part 7): a Parley of its own logging everything
 * (LOG_LEVEL=debug) goes through what handles secrets — realm and user creation with
 * passwords, POST /fetch_api_key right and wrong, POST /accounts/login, Basic auth on every
 * kind of request, a password change, API key use after failures — and its whole output is
 * then searched for every password and API key it saw, raw and base64 (as in an
 * Authorization header).
 */
jest.setTimeout(90_000);

let own: OwnParley;
let url: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  own = await startOwnParley('secrets', { LOG_LEVEL: 'debug' }, { keepChars: Infinity });
  ({ url, env } = own);
});
afterAll(() => own?.stop());

it('logs no password and no API key, however they were used', async () => {
  const secrets: string[] = [];
  const ownerPassword = 'owner-Secret-pass-1';
  const created = await manage(['create-realm', '--name', 'Secret Org', '--owner-email', 'boss@secret.test', '--owner-name', 'Boss', '--owner-password', ownerPassword], { env });
  const owner = JSON.parse(created.stdout) as { email: string; api_key: string };
  secrets.push(ownerPassword, owner.api_key);
  const api = new Api(owner, url);
  const anonymous = new Api(undefined, url);

  const memberPassword = 'member-Secret-pass-2';
  expect((await api.post('/users', { email: 'm@secret.test', password: memberPassword, full_name: 'Member' })).status).toBe(200);
  const key = (await anonymous.post('/fetch_api_key', { username: 'm@secret.test', password: memberPassword })).body.api_key as string;
  secrets.push(memberPassword, key);
  const member = new Api({ email: 'm@secret.test', api_key: key }, url);

  // Wrong passwords and keys, which take the error paths.
  const wrongPassword = 'wrong-Secret-pass-3';
  const wrongKey = 'A'.repeat(31) + 'z';
  secrets.push(wrongPassword, wrongKey);
  expect((await anonymous.post('/fetch_api_key', { username: 'm@secret.test', password: wrongPassword })).status).toBe(401);
  expect((await new Api({ email: 'm@secret.test', api_key: wrongKey }, url).get('/users/me')).status).toBe(401);
  // Browser login, right and wrong.
  for (const [password, status] of [
    [memberPassword, 200],
    [wrongPassword, 401],
  ] as const) {
    const res = await fetch(`${url}/accounts/login`, { method: 'POST', body: new URLSearchParams({ username: 'm@secret.test', password }), headers: loginCsrf() });
    expect(res.status).toBe(status);
  }
  // Ordinary work, and a password change.
  expect((await member.get('/users/me')).status).toBe(200);
  expect((await member.post('/register', {})).status).toBe(200);
  const newPassword = 'new-Secret-pass-4';
  secrets.push(newPassword);
  expect((await member.patch('/settings', { old_password: memberPassword, new_password: newPassword }, { contract: 'envelope' })).status).toBe(200);
  expect((await member.patch('/settings', { old_password: wrongPassword, new_password: 'x-Secret-5' }, { contract: 'envelope' })).status).toBe(400);
  secrets.push('x-Secret-5');

  await new Promise((r) => setTimeout(r, 500)); // let the last log lines out
  const output = own.server.output();
  expect(output.length).toBeGreaterThan(1000); // it did log (debug), so silence proves nothing less
  const forms = secrets.flatMap((s) => [s, Buffer.from(s).toString('base64'), encodeURIComponent(s)]);
  forms.push(Buffer.from(`${owner.email}:${owner.api_key}`).toString('base64'), Buffer.from(`m@secret.test:${key}`).toString('base64'));
  expect(forms.filter((s) => output.includes(s))).toEqual([]);
});
