import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { letOthersReach, startEmbeddedPostgres } from './embedded-postgres';

describe('startEmbeddedPostgres', () => {
  it('names the port and EMBEDDED_PG_PORT when another program listens there, before making any data', async () => {
    // Not PostgreSQL: it drops every connection, so no embedded server is found running there.
    const squatter = net.createServer((socket) => socket.destroy());
    await new Promise<void>((done) => squatter.listen(0, '127.0.0.1', done));
    const { port } = squatter.address() as AddressInfo;
    const dataDir = mkdtempSync(join(tmpdir(), 'parley-pg-port-'));
    try {
      const started = startEmbeddedPostgres({ dataDir, port, secret: 'x'.repeat(32) });
      await expect(started).rejects.toThrow(`The embedded PostgreSQL cannot use port ${port} on 127.0.0.1 (another program is listening there). Set EMBEDDED_PG_PORT to a free port`);
      expect(existsSync(join(dataDir, 'pg'))).toBe(false);
    } finally {
      await new Promise((done) => squatter.close(done));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('letOthersReach', () => {
  let root: string;
  const modeOf = (dir: string) => statSync(dir).mode & 0o777;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'parley-reach-')); // mode 0700, like `mktemp -d`
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('adds only the search bit, only where others lack it, and says where', () => {
    const locked = join(root, 'locked');
    const open = join(root, 'locked', 'open');
    mkdirSync(open, { recursive: true });
    chmodSync(locked, 0o750);
    chmodSync(open, 0o755);
    const said: string[] = [];
    letOthersReach([join(open, 'bin', 'initdb')], (m) => said.push(m));
    expect(modeOf(root)).toBe(0o701);
    expect(modeOf(locked)).toBe(0o751);
    expect(modeOf(open)).toBe(0o755);
    expect(said).toEqual([expect.stringContaining(`on ${locked},`), expect.stringContaining(`on ${root},`)]);
  });

  it('skips folders that do not exist yet and changes nothing already reachable', () => {
    chmodSync(root, 0o755);
    const said: string[] = [];
    letOthersReach([join(root, 'data', 'pg')], (m) => said.push(m));
    expect(modeOf(root)).toBe(0o755);
    expect(said).toEqual([]);
  });
});
