/**
 * Retries an assertion until it holds or the time is up, for effects that travel through
 * the outbox and the bus (cache invalidation, events). Not a timing assertion: it only
 * bounds how long a test waits for something that must happen.
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
