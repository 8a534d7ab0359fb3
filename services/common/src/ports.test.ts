import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './ports';

describe('freePort', () => {
  it('hands out distinct ports that can be bound', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 50; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('freePort range', () => {
  it('stays below the ephemeral range, where outgoing connections take their ports', async () => {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    for (let i = 0; i < 20; i++) expect(await freePort()).toBeLessThan(ephemeralLow);
  });
});
