// A small program using the TypeScript client generated from Parley's OpenAPI description
// (openapi-typescript types + openapi-fetch): sends a channel message, then reads it back.
// PARLEY_URL, PARLEY_EMAIL, PARLEY_API_KEY and PARLEY_CHANNEL name the server, the sender and
// the channel; it prints one line of JSON.
import createClient from 'openapi-fetch';
import type { paths } from './generated/parley-api';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

/** Zulip's encoding: a form, strings as they are, everything else JSON. */
const form = (body: unknown): string =>
  new URLSearchParams(
    Object.entries(body as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();

async function main(): Promise<void> {
  const auth = Buffer.from(`${env('PARLEY_EMAIL')}:${env('PARLEY_API_KEY')}`).toString('base64');
  const client = createClient<paths>({
    baseUrl: `${env('PARLEY_URL')}/api/v1`,
    headers: { authorization: `Basic ${auth}` },
  });
  const content = `Hello from the generated client, ${Date.now()}`;
  const sent = await client.POST('/messages', {
    body: { type: 'stream', to: env('PARLEY_CHANNEL'), topic: 'openapi', content },
    params: { header: { 'Idempotency-Key': `openapi-client-${Date.now()}` } },
    bodySerializer: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (!sent.data) throw new Error(`send failed: ${JSON.stringify(sent.error)}`);
  const id: number = sent.data.id;
  const read = await client.GET('/messages/{message_id}', { params: { path: { message_id: id }, query: { apply_markdown: false } } });
  if (!read.data) throw new Error(`read failed: ${JSON.stringify(read.error)}`);
  const message = read.data.message;
  if (!message) throw new Error('no message in the answer');
  console.log(JSON.stringify({ id, sent: content, read: message.content, topic: message.subject, sender: message.sender_email }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
