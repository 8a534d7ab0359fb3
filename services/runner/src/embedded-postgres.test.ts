import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { letOthersReach } from './embedded-postgres';

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
