import net from 'node:net';

/**
 * A TCP proxy a test can cut and restore, to take a server (NATS, Redis) away from the
 * processes that use it without stopping the server itself, which other tests share.
 */
export interface OutageProxy {
  /** host:port to give the processes instead of the real server's. */
  address: string;
  port: number;
  connections(): number;
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function outageProxy(target: { host: string; port: number }): Promise<OutageProxy> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(s);
      });
    }
    client.pipe(upstream).pipe(client);
  });
  // Never what keeps the test process alive, even when a test fails before restoring it.
  server.unref();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const cut = async () => {
    const closed = server.listening ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
    for (const s of sockets) s.destroy();
    await closed;
  };
  return {
    address: `127.0.0.1:${port}`,
    port,
    connections: () => connections,
    cut,
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: cut,
  };
}
