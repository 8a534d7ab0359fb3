import { renderMessage } from './index';
import { isoUtc, parseTime } from './time';

const html = (content: string) => renderMessage(content, { users: [], groups: [], channels: [], linkifiers: [] }).html;
const NOW = new Date(Date.UTC(2026, 10, 28, 9, 15));
const iso = (input: string) => {
  const time = parseTime(input, NOW);
  return time && isoUtc(time);
};

describe('<time:…>', () => {
  it("renders Zulip's <time> element, in UTC, with the input as its text", () => {
    expect(html("Let's meet at <time:1496701800>.")).toBe('<p>Let\'s meet at <time datetime="2017-06-05T22:30:00Z">1496701800</time>.</p>');
    expect(html('<time:31 Dec 2017 5:30 am IST>')).toBe('<p><time datetime="2017-12-31T00:00:00Z">31 Dec 2017 5:30 am IST</time></p>');
  });

  it('reads the forms dateutil reads', () => {
    expect(iso('2023-01-04T10:00:00+05:30')).toBe('2023-01-04T04:30:00Z');
    expect(iso('2023-01-04T10:00:00Z')).toBe('2023-01-04T10:00:00Z');
    expect(iso('2023-01-04 10:00')).toBe('2023-01-04T10:00:00Z');
    expect(iso('2023-01-04T10:00:00.25-08:00')).toBe('2023-01-04T18:00:00.250000Z');
    expect(iso('Jun 5th 2017, 10:30PM')).toBe('2017-06-05T22:30:00Z');
    expect(iso('31 Dec 2017')).toBe('2017-12-31T00:00:00Z');
    expect(iso('Tuesday, December 31, 2019 12:00 am PST')).toBe('2019-12-31T08:00:00Z');
    expect(iso('12/31/2019 3pm')).toBe('2019-12-31T15:00:00Z');
    expect(iso('31/12/2019')).toBe('2019-12-31T00:00:00Z');
    expect(iso('20190102')).toBe('2019-01-02T00:00:00Z');
    expect(iso('10:30')).toBe('2026-11-28T10:30:00Z');
    expect(iso('Sep 3 10:30 +0200')).toBe('2026-09-03T08:30:00Z');
    expect(iso('1496701800.5')).toBe('2017-06-05T22:30:00.500000Z');
  });

  it('refuses what it cannot read: a timestamp-error span, escaped', () => {
    expect(html('<time:**hello world**>')).toBe('<p><span class="timestamp-error">Invalid time format: **hello world**</span></p>');
    expect(html('<time:<alert(1)>>')).toBe('<p><span class="timestamp-error">Invalid time format: &lt;alert(1)</span>&gt;</p>');
    for (const bad of ['tomorrow', '31 Feb 2019', '25:00', '99999999999999999999', 'Jun Jul 2019', '']) expect(iso(bad)).toBeUndefined();
  });

  it('never lets markup through', () => {
    const out = html('<time:<script>alert(1)</script>> <time:2019-01-01" onmouseover="x>');
    expect(new Set(out.match(/<[a-z][^>]*>/g))).toEqual(new Set(['<p>', '<span class="timestamp-error">']));
    expect(out).toContain('<span class="timestamp-error">Invalid time format: &lt;script</span>');
  });

  it('is left alone in code', () => {
    expect(html('`<time:31 Dec 2017>`')).toBe('<p><code>&lt;time:31 Dec 2017&gt;</code></p>');
  });
});
