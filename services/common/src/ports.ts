import net from 'node:net';

/** Ports this process was handed already: the OS may offer a just-closed one again. */
const handedOut = new Set<number>();

/**
 * A port free on 127.0.0.1 now, and not handed out before by this process (another process
 * could still take it before it is used): for the all-in-one runner's loopback gRPC and the
 * tests' servers, which ask for several before they bind any.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await osFreePort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

function osFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
