import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './cli';
import { processLogStream } from './run-log';

/**
 * Parley processes started by a test, as an operator starts them (node <pkg>/dist/main.js),
 * with their output kept for the failure message.
 */
export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then the exit code (or the signal that ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** `keepChars`: how much of the output to keep (its end); all of it with Infinity. */
export function startProcess(name: string, script: string, env: NodeJS.ProcessEnv, opts: { keepChars?: number } = {}): Proc {
  const child = spawn(process.execPath, [join(ROOT, script)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keepChars = opts.keepChars ?? 20_000;
  // All of it also goes to the run's log folder, which global teardown scans for secrets.
  const file = processLogStream(name, child.pid);
  child.once('exit', () => file?.end());
  let out = '';
  const keep = (b: Buffer) => {
    file?.write(b);
    out = out + b.toString();
    if (out.length > keepChars) out = out.slice(-keepChars);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, sig) => resolve(code ?? sig ?? 'unknown')));
  return {
    name,
    child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls a URL until it answers with the wanted status, or fails with the processes' output. */
export async function waitFor(url: string, procs: Proc[], timeoutMs = 60_000, status = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    const dead = procs.find((p) => p.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited (${dead.child.exitCode}):\n${dead.output()}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer ${status} in time:\n${procs.map((p) => `--- ${p.name}\n${p.output()}`).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
