/**
 * The HTTP scenarios and ceilings as load-generator (load.mjs, autocannon) configurations.
 * Each entry: key, label, which process serves it (`target`), and `config(ctx, round)`.
 * Throughput entries use 10 connections; latency entries (S5–S7) one connection, so their
 * percentiles are one request's latency on an otherwise idle server.
 */
import { basic, encode } from '../harness.mjs';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export function httpEntries(ctx) {
  const { parleyUrl, users, channels, words, durationSec } = ctx;
  const sender = users.user1;
  const asUser1 = { authorization: basic(sender.email, sender.key) };
  const everyone = channels.find((c) => c.name === 'everyone');
  const ten = channels.find((c) => c.name === 'ten');
  const channel3 = channels.find((c) => c.name === 'channel 3');
  const send = (channel) => ({
    method: 'POST',
    path: '/api/v1/messages',
    headers: FORM,
    body: encode({ type: 'stream', to: channel.id, topic: 'bench sends', content: 'Hello from the **benchmark**, with a [link](https://example.com) and some words.' }),
  });
  const throughput = (extra) => ({ connections: 10, durationSec, ...extra });
  const latency = (extra) => ({ connections: 1, durationSec, ...extra });
  return [
    { key: 'C1', label: 'C1 bare node:http, small JSON', target: 'c1', config: () => throughput({ url: ctx.c1Url, requests: [{ method: 'GET', path: '/api/v1/users/me' }] }) },
    { key: 'S1', label: 'S1 GET /users/me', target: 'parley', config: () => throughput({ url: parleyUrl, headers: asUser1, requests: [{ method: 'GET', path: '/api/v1/users/me' }] }) },
    { key: 'C2', label: 'C2 express-gateway + 1 unary gRPC', target: 'c2', config: () => throughput({ url: ctx.c2Url, headers: asUser1, requests: [{ method: 'GET', path: '/api/v1/users/me' }] }) },
    { key: 'C3_10', label: 'C3 minimal send chain, N=10', target: 'c3_10', config: () => throughput({ url: ctx.c3_10Url, requests: [send(ten)] }) },
    { key: 'S2', label: 'S2 POST /messages, 10 subscribers', target: 'parley', config: () => throughput({ url: parleyUrl, headers: asUser1, requests: [send(ten)] }) },
    {
      key: 'S2_half',
      label: 'S2 at half its max rate (fixed rate)',
      target: 'parley',
      config: (round) => throughput({ url: parleyUrl, headers: asUser1, requests: [send(ten)], overallRate: Math.max(1, Math.floor((round.S2?.rps ?? 20) / 2)) }),
    },
    { key: 'C3_1000', label: `C3 minimal send chain, N=${everyone.subscribers}`, target: 'c3_1000', config: () => throughput({ url: ctx.c3_1000Url, requests: [send(everyone)] }) },
    { key: 'S3', label: `S3 POST /messages, ${everyone.subscribers} subscribers`, target: 'parley', config: () => throughput({ url: parleyUrl, headers: asUser1, requests: [send(everyone)] }) },
    {
      key: 'S5_topic',
      label: 'S5 GET /messages channel+topic narrow (50 newest)',
      target: 'parley',
      config: () =>
        latency({
          url: parleyUrl,
          headers: asUser1,
          requests: [
            {
              method: 'GET',
              path: `/api/v1/messages?${encode({
                anchor: 'newest',
                num_before: 50,
                num_after: 0,
                narrow: [
                  { operator: 'channel', operand: channel3.id },
                  { operator: 'topic', operand: 'topic 7' },
                ],
              })}`,
            },
          ],
        }),
    },
    {
      key: 'S5_search',
      label: 'S5 GET /messages search narrow (50 newest)',
      target: 'parley',
      config: () =>
        latency({
          url: parleyUrl,
          headers: asUser1,
          // A few words, cycled: each is in roughly 0.6 % of the messages.
          requests: words
            .slice(100, 104)
            .map((w) => ({ method: 'GET', path: `/api/v1/messages?${encode({ anchor: 'newest', num_before: 50, num_after: 0, narrow: [{ operator: 'search', operand: w }] })}` })),
        }),
    },
    {
      key: 'S6',
      label: 'S6 POST /messages/flags, 1,000 ids (read, add/remove)',
      target: 'parley',
      config: () =>
        latency({
          url: parleyUrl,
          headers: asUser1,
          requests: ['remove', 'add'].map((op) => ({ method: 'POST', path: '/api/v1/messages/flags', headers: FORM, body: encode({ messages: ctx.flagIds, op, flag: 'read' }) })),
        }),
    },
    {
      key: 'S7',
      label: `S7 POST /register (user with ${ctx.user1Subscriptions} subscriptions, all event types)`,
      target: 'parley',
      config: () => latency({ url: parleyUrl, headers: asUser1, requests: [{ method: 'POST', path: '/api/v1/register', headers: FORM, body: '' }], deleteQueues: asUser1 }),
    },
    {
      key: 'T1',
      label: 'T1 GET /users/me/{stream_id}/topics (ten, channel 3, everyone; 50 topics each)',
      target: 'parley',
      config: () =>
        latency({
          url: parleyUrl,
          headers: asUser1,
          requests: [ten, channel3, everyone].map((c) => ({ method: 'GET', path: `/api/v1/users/me/${c.id}/topics` })),
        }),
    },
    {
      key: 'R1',
      label: 'R1 POST and DELETE /messages/{id}/reactions (each connection its own message)',
      target: 'parley',
      config: () =>
        throughput({
          url: parleyUrl,
          headers: asUser1,
          slots: ctx.flagIds.slice(0, 10),
          requests: ['POST', 'DELETE'].map((method) => ({ method, path: '/api/v1/messages/{slot}/reactions', headers: FORM, body: encode({ emoji_name: 'octopus' }) })),
        }),
    },
  ];
}
