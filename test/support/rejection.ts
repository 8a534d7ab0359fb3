/** The rejection of a promise, failing the test when it resolves. */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (v) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(v)}`);
    },
    (err: unknown) => err,
  );
}
