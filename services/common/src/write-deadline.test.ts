import { beginWrite, pendingWriteDeadline, runWithWriteDeadline, WriteNotStartedError, WRITE_BY_KEY } from './write-deadline';
import { callMetadata, readCallContext } from './grpc/caller';

const secret = 'a-test-secret-of-at-least-32-characters';

describe('the write deadline', () => {
  it("lets a request's first write start before its deadline, and everything after it", async () => {
    const now = Date.now();
    await runWithWriteDeadline(now + 1000, async () => {
      expect(() => beginWrite(now)).not.toThrow();
      // Begun: the rest of its work goes on whatever the time.
      expect(() => beginWrite(now + 5000)).not.toThrow();
      expect(pendingWriteDeadline()).toBeUndefined();
    });
  });

  it('refuses the first write past the deadline with a 503 that says nothing was changed', async () => {
    const writeBy = Date.now() + 1000;
    await runWithWriteDeadline(writeBy, async () => {
      expect(pendingWriteDeadline()).toBe(writeBy);
      let refusal: unknown;
      try {
        beginWrite(writeBy + 1);
      } catch (err) {
        refusal = err;
      }
      expect(refusal).toBeInstanceOf(WriteNotStartedError);
      expect(refusal).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, message: expect.stringContaining('nothing was changed') });
      // Refused, not begun: a later attempt is refused too.
      expect(() => beginWrite(writeBy + 2)).toThrow(WriteNotStartedError);
    });
  });

  it('binds nothing outside a request, and nothing once the request has been answered', async () => {
    expect(() => beginWrite(Date.now() + 10 ** 9)).not.toThrow();
    expect(pendingWriteDeadline()).toBeUndefined();
    let leftRunning: (() => void) | undefined;
    const writeBy = Date.now() + 1000;
    await runWithWriteDeadline(writeBy, async () => {
      // Work the handler starts and leaves running carries its context.
      leftRunning = () => beginWrite(writeBy + 10_000);
    });
    expect(leftRunning).not.toThrow();
  });

  it('travels in call metadata, set by the gateway or passed on while the request has begun no write', async () => {
    const writeBy = Date.now() + 1000;
    const named = callMetadata(secret, { client: 'test', host: 'h', writeBy });
    expect(named.get(WRITE_BY_KEY)).toEqual([String(writeBy)]);
    expect(readCallContext(secret, named).writeBy).toBe(writeBy);
    await runWithWriteDeadline(writeBy, async () => {
      expect(readCallContext(secret, callMetadata(secret, { client: 'test', host: 'h' })).writeBy).toBe(writeBy);
      beginWrite();
      expect(callMetadata(secret, { client: 'test', host: 'h' }).get(WRITE_BY_KEY)).toEqual([]);
    });
    expect(callMetadata(secret, { client: 'test', host: 'h' }).get(WRITE_BY_KEY)).toEqual([]);
  });

  it('reads only a whole number of milliseconds from metadata', () => {
    for (const raw of ['', 'soon', '-5', '1e12', '12.5', '9'.repeat(16)]) {
      const md = callMetadata(secret, { client: 'test', host: 'h' });
      md.set(WRITE_BY_KEY, raw);
      expect(readCallContext(secret, md).writeBy).toBeUndefined();
    }
  });
});
