import { readFileSync } from 'node:fs';
import net from 'node:net';

/** Ports this process was handed already, so two servers asked for together never share one. */
const handedOut = new Set<number>();

/**
 * A port free on 127.0.0.1 now, and not handed out before by this process: for the
 * all-in-one runner's loopback gRPC and the tests' servers, which ask for several before
 * they bind any.
 *
 * It is chosen below the kernel's ephemeral range. A port the OS hands to `listen(0)` comes
 * from that range, and so does the local port of every outgoing connection: between our
 * probe and the real bind, any connection on the machine (a pool's next PostgreSQL
 * connection, another test run's) could take it, and the bind fails with EADDRINUSE. Below
 * the range only a server that binds that very port explicitly can collide.
 */
export async function freePort(): Promise<number> {
  const [low, high] = candidateRange();
  for (let attempt = 0; attempt < 1000; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port)) continue;
    if (!(await canBind(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

/** [low, high): the ports below the ephemeral range, 10000 and up where the range allows. */
function candidateRange(): [number, number] {
  let ephemeralLow = 32768;
  try {
    const [first] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const parsed = Number(first);
    if (Number.isInteger(parsed) && parsed > 2048) ephemeralLow = parsed;
  } catch {
    // Not Linux: keep the IANA default (the dynamic range starts at 49152; 32768 is Linux's).
  }
  const low = ephemeralLow > 12000 ? 10000 : 1024;
  return [low, ephemeralLow];
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
