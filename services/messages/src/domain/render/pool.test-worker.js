// A render thread for pool.test.ts: answers which thread it ran on, or spins for ever when
// the content says so, as a runaway rendering would.
const { threadId } = require('node:worker_threads');

module.exports = function renderTask({ content, started }) {
  Atomics.store(new BigInt64Array(started), 0, BigInt(Date.now()));
  if (content === 'spin') for (;;);
  return { kind: 'rendered', rendered: { html: `<p>${content} on thread ${threadId}</p>` } };
};
