// The soak's memory probe (test/soak/soak.soak.ts), run as its own Node process with
// --experimental-websocket (Node 20 has no WebSocket client without it): for each inspector
// address given (host:port, a Parley process started with --inspect), a full garbage
// collection, then that process's process.memoryUsage(). Prints one JSON object, by address;
// an address that does not answer maps to null.
const TIMEOUT_MS = 10_000;

async function probe(address) {
  const [target] = await (await fetch(`http://${address}/json/list`, { signal: AbortSignal.timeout(TIMEOUT_MS) })).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  const pending = new Map();
  let id = 0;
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    pending.get(m.id)?.(m);
    pending.delete(m.id);
  };
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      pending.set(++id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result)));
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = () => reject(new Error(`no inspector at ${address}`));
    });
    await call('HeapProfiler.collectGarbage');
    const { result } = await call('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true });
    return JSON.parse(result.value);
  } finally {
    ws.close();
  }
}

const addresses = process.argv.slice(2);
const timeout = setTimeout(() => process.exit(2), TIMEOUT_MS * 2);
const usage = await Promise.all(addresses.map((a) => probe(a).catch(() => null)));
clearTimeout(timeout);
process.stdout.write(JSON.stringify(Object.fromEntries(addresses.map((a, i) => [a, usage[i]]))));
