// Container health check without curl: `node deploy/healthcheck.mjs <port> [path]` exits 0
// when http://127.0.0.1:<port><path> (default /readyz) answers 2xx within 3 seconds.
const [port, path = '/readyz'] = process.argv.slice(2);
if (!/^\d+$/.test(port ?? '')) {
  process.stderr.write('usage: healthcheck.mjs <port> [path]\n');
  process.exit(2);
}
fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  () => process.exit(1),
);
