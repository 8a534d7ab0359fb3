import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseUrl } from './api';

/**
 * A reverse proxy in front of the server under test that names one realm: every request is
 * forwarded with `Host: <host>`, as a proxy serving `sub.chat.example.com` would. For clients
 * that cannot set Host themselves (fetch, zulip-js) talking to a realm on a subdomain, which
 * a request binds to by its Host; `*.localhost` would do in a browser, but node does not
 * resolve it.
 */
export interface HostProxy {
  url: string;
  close(): Promise<void>;
}

export async function hostProxy(host: string, target = new URL(baseUrl())): Promise<HostProxy> {
  const server = http.createServer((req, res) => {
    const upstream = http.request({ hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
