import http from 'node:http';

/**
 * /healthz (the process is alive) and /readyz (it can serve: its dependencies answer) on a
 * small HTTP server of its own, for Kubernetes probes.
 */
export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

export async function startHealthServer(opts: { port: number; host?: string; ready: () => Promise<boolean> }): Promise<HealthServer> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/healthz') return send(200, { status: 'ok' });
    if (req.url === '/readyz') {
      return void opts.ready().then(
        (ok) => send(ok ? 200 : 503, { status: ok ? 'ready' : 'not ready' }),
        () => send(503, { status: 'not ready' }),
      );
    }
    send(404, { status: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
