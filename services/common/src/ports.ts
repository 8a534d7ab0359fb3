import net from 'node:net';

/**
 * A port free on 127.0.0.1 now (another process could still take it before it is used): for
 * the all-in-one runner's loopback gRPC and the tests' servers.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
