import katex from 'katex';
import { LIMITS } from '@parley/common';
import { renderMessage, renderWithinCap } from './render';
import { MAX_RENDERED_CHARS, RenderTooLargeError } from './output-budget';
import type { RenderContext } from './context';

const ctx: RenderContext = { users: [], groups: [], channels: [], linkifiers: [] };

describe('the cap on one message’s HTML', () => {
  afterEach(() => jest.restoreAllMocks());

  it("is Zulip's: 100 times the longest message", () => {
    expect(MAX_RENDERED_CHARS).toBe(LIMITS.max_message_length * 100);
  });

  it('refuses the math block of issue #41 (10 KB of `x^2` paragraphs, 1.6 MB of KaTeX) and stops rendering at the cap', () => {
    const content = '```math\n' + 'x^2\n\n'.repeat(1998); // 10,000 characters: the fence runs to the end
    expect(content.length).toBeLessThanOrEqual(LIMITS.max_message_length);
    const katexRenders = jest.spyOn(katex, 'renderToString');
    expect(renderWithinCap(content, ctx)).toEqual({ kind: 'too-large' });
    // Stopped once past 1,000,000 characters, not after all 1,998 formulas.
    expect(katexRenders.mock.calls.length).toBeGreaterThan(100);
    expect(katexRenders.mock.calls.length).toBeLessThan(1998);
    expect(() => renderMessage(content, ctx)).toThrow(RenderTooLargeError);
  });

  it('refuses inline TeX that grows past the cap (`$$\\sqrt x$$` × 833, 1.35 MB)', () => {
    const content = '$$\\sqrt x$$ '.repeat(833);
    expect(content.length).toBeLessThanOrEqual(LIMITS.max_message_length);
    expect(renderWithinCap(content, ctx)).toEqual({ kind: 'too-large' });
  });

  it('renders a message of the same kind that stays under the cap', () => {
    const content = '```math\n' + 'x^2\n\n'.repeat(400) + '```';
    const outcome = renderWithinCap(content, ctx);
    expect(outcome.kind).toBe('rendered');
    const html = outcome.kind === 'rendered' ? outcome.rendered.html : '';
    expect(html.length).toBeGreaterThan(100_000);
    expect(html.length).toBeLessThanOrEqual(MAX_RENDERED_CHARS);
    expect(html.match(/class="katex-display"/g)).toHaveLength(400);
  });

  it('measures the whole HTML too, not only what TeX and code write', () => {
    // Plain text of the longest kind, escaped: well under the cap, and measured.
    const content = '<&>'.repeat(3333);
    expect(renderWithinCap(content, ctx, 10_000)).toEqual({ kind: 'too-large' });
    expect(renderWithinCap(content, ctx).kind).toBe('rendered');
  });
});
