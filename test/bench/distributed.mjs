/**
 * `--distributed`: Parley as six processes (the five services and the gateway, each
 * `node <package>/dist/main.js`, configured by env as in README "Running distributed" and
 * test/support/cluster.ts), instead of all-in-one. The same interface as lib.mjs's
 * spawnServer, plus `pids` by process name.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, sleep } from './lib.mjs';
import { common } from './harness.mjs';

const SERVICES = ['users', 'channels', 'messages', 'uploads', 'events'];

export async function spawnDistributed(baseEnv, nodeArgs = []) {
  const port = baseEnv.PORT;
  const addrs = {};
  const health = {};
  for (const s of SERVICES) {
    addrs[`${s.toUpperCase()}_GRPC_ADDR`] = `127.0.0.1:${await common.freePort()}`;
    health[s] = await common.freePort();
  }
  const env = { ...baseEnv, ...addrs, UPLOADS_HTTP_ADDR: `127.0.0.1:${await common.freePort()}`, EXTERNAL_HOST: `127.0.0.1:${port}` };
  let output = '';
  const children = {};
  const start = (name, script, own) => {
    const args = nodeArgs.map((a) => a.replace(/parley-(\d+)\.cpuprofile$/, `parley-$1-${name}.cpuprofile`));
    const child = spawn(process.execPath, [...args, join(ROOT, script)], { cwd: ROOT, env: { ...env, ...own }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (c) => {
      output = (output + `[${name}] ${c}`).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    children[name] = { child, exited: new Promise((resolve) => child.once('exit', resolve)) };
  };
  for (const s of SERVICES) start(s, `services/${s}/dist/main.js`, { [`${s.toUpperCase()}_HEALTH_PORT`]: String(health[s]) });
  const url = `http://127.0.0.1:${port}`;
  const server = {
    url,
    get pid() {
      return children.gateway?.child.pid;
    },
    pids: {},
    output: () => output,
    ready: async (timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      const up = async (u) =>
        fetch(u).then(
          (r) => r.status,
          () => 0,
        );
      for (const s of SERVICES) {
        while ((await up(`http://127.0.0.1:${health[s]}/readyz`)) !== 200) {
          if (children[s].child.exitCode !== null) throw new Error(`${s} exited (${children[s].child.exitCode})`);
          if (Date.now() > deadline) throw new Error(`${s} not ready in time`);
          await sleep(200);
        }
      }
      start('gateway', 'gateway/dist/main.js', {});
      while ((await up(`${url}/api/v1/server_settings`)) !== 200) {
        if (children.gateway.child.exitCode !== null) throw new Error(`gateway exited (${children.gateway.child.exitCode})`);
        if (Date.now() > deadline) throw new Error('gateway not ready in time');
        await sleep(200);
      }
      for (const [name, c] of Object.entries(children)) server.pids[name] = c.child.pid;
    },
    stop: async () => {
      // The gateway first, then the services.
      for (const name of ['gateway', ...SERVICES]) {
        const c = children[name];
        if (!c || c.child.exitCode !== null || c.child.signalCode !== null) continue;
        c.child.kill('SIGTERM');
        const timer = setTimeout(() => c.child.kill('SIGKILL'), 20_000);
        await c.exited;
        clearTimeout(timer);
      }
    },
  };
  return server;
}
