/**
 * Ceiling C1: a bare Node `http` server answering a small JSON body, the most any HTTP
 * endpoint can do on this machine. Child process of the bench: argv[2] is the port.
 */
import http from 'node:http';

const port = Number(process.argv[2]);
const body = JSON.stringify({ result: 'success', msg: '', user_id: 8, email: 'user@bench.test' });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
