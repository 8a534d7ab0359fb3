// The render threads: real worker threads (piscina) running the build's worker.js, or a stub
// worker where the test needs a rendering that never ends.
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { runWithWriteDeadline, WriteNotStartedError } from '@parley/common';
import { RenderPool } from './pool';
import { renderMessage } from './render';
import { UnableToRenderError } from './renderer';
import type { RenderContext } from './context';

const ctx: RenderContext = { users: [{ user_id: 7, full_name: 'Iago', is_active: true }], groups: [], channels: [], linkifiers: [] };

/** The attack of issue #41: a 10,000-character math block (its fence runs to the end) that renders to about 1.6 MB of KaTeX. */
const MATH_BOMB = '```math\n' + 'x^2\n\n'.repeat(1998);

/** One thread each: the real renderer, and a stub that answers its thread or spins for ever on 'spin'. */
let threads: RenderPool;
let stub: RenderPool;
const STUB_LIMIT_MS = 300;

beforeAll(() => {
  threads = new RenderPool({ threads: 1, timeLimitMs: 60_000 });
  stub = new RenderPool({ threads: 1, timeLimitMs: STUB_LIMIT_MS, filename: join(__dirname, 'pool.test-worker.js') });
});
afterAll(async () => {
  await Promise.all([threads?.close(), stub?.close()]);
});

describe('RenderPool', () => {
  it('renders on a thread of its own what renderMessage renders', async () => {
    const content = 'Hi @**Iago**, see $$x^2$$ and\n```python\nprint(1)\n```';
    await expect(threads.render(content, ctx, '1:2')).resolves.toEqual(renderMessage(content, ctx));
    const { html } = await stub.render('hello', ctx, '1:2');
    expect(html).toMatch(/^<p>hello on thread \d+<\/p>$/);
    expect(html).not.toContain(`thread ${threadId}<`);
  });

  it("refuses a message whose HTML would pass the cap with Zulip's error", async () => {
    const refusal = threads.render(MATH_BOMB, ctx, '1:2');
    await expect(refusal).rejects.toBeInstanceOf(UnableToRenderError);
    await expect(refusal).rejects.toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, message: 'Unable to render message' });
  });

  it('stops a rendering that runs past the time limit, refuses it, and keeps serving on a new thread', async () => {
    await expect(stub.render('spin', ctx, '1:2')).rejects.toBeInstanceOf(UnableToRenderError);
    // One thread: had the spinning one not been stopped, this would never be answered.
    await expect(stub.render('after', ctx, '1:3')).resolves.toMatchObject({ html: expect.stringContaining('after on thread') });
  });

  it('stops a real rendering at the time limit too', async () => {
    // The math block takes hundreds of milliseconds on any machine; 20 ms stops it.
    const hurried = new RenderPool({ threads: 1, timeLimitMs: 20 });
    try {
      await expect(hurried.render(MATH_BOMB, ctx, '1:2')).rejects.toBeInstanceOf(UnableToRenderError);
    } finally {
      await hurried.close();
    }
  });

  it("keeps the event loop free while a thread renders: timers fire during one user's long rendering", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      await expect(stub.render('spin', ctx, '1:2')).rejects.toBeInstanceOf(UnableToRenderError);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it("starts another user's rendering before the rest of one user's, and gives up a wait at the request's write deadline", async () => {
    const order: string[] = [];
    const spinning = ['spin', 'spin', 'spin'].map((c, i) =>
      stub.render(c, ctx, 'busy').catch(() => {
        order.push(`busy-${i}`);
      }),
    );
    const other = stub.render('other', ctx, 'other').then(() => order.push('other'));
    // A request whose deadline passes while it waits for a thread: 503, and it never runs.
    const late = runWithWriteDeadline(Date.now() + STUB_LIMIT_MS / 3, () => stub.render('late', ctx, 'late'));
    await expect(late).rejects.toBeInstanceOf(WriteNotStartedError);
    await Promise.all([...spinning, other]);
    // busy-1 came before 'other': one of busy's, then other's, then the rest of busy's.
    expect(order).toEqual(['busy-0', 'busy-1', 'other', 'busy-2']);
  });
});
