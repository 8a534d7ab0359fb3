import { topicLinks } from './index';

const ISSUE = { id: 1, pattern: '#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/zulip/issues/{id}' };
const REPO = { id: 2, pattern: '(?P<repo>[a-z]+)#(?P<id>[0-9]+)', url_template: 'https://github.com/zulip/{repo}/issues/{id}' };

describe('topicLinks', () => {
  it('gives nothing for a topic without matches', () => {
    expect(topicLinks('lunch plans', [ISSUE])).toEqual([]);
    expect(topicLinks('', [ISSUE])).toEqual([]);
  });

  it('gives each linkifier match with its URL, in topic order', () => {
    expect(topicLinks('#12 and #34', [ISSUE])).toEqual([
      { text: '#12', url: 'https://github.com/zulip/zulip/issues/12' },
      { text: '#34', url: 'https://github.com/zulip/zulip/issues/34' },
    ]);
  });

  it("keeps Zulip's boundaries: not after a letter, not before a letter or digit", () => {
    expect(topicLinks('x#1 #2a (#3)', [ISSUE])).toEqual([{ text: '#3', url: 'https://github.com/zulip/zulip/issues/3' }]);
  });

  it('lets an earlier linkifier win where two overlap, and keeps both where they do not', () => {
    expect(topicLinks('zulip#12 #34', [REPO, ISSUE])).toEqual([
      { text: 'zulip#12', url: 'https://github.com/zulip/zulip/issues/12' },
      { text: '#34', url: 'https://github.com/zulip/zulip/issues/34' },
    ]);
    const sub = { id: 3, pattern: '#(?P<id>[0-9]+)-(?P<sub>[0-9]+)', url_template: 'https://t.example/{id}/{sub}' };
    expect(topicLinks('#12-3', [sub, ISSUE])).toEqual([{ text: '#12-3', url: 'https://t.example/12/3' }]);
    expect(topicLinks('#12-3', [ISSUE, sub])).toEqual([{ text: '#12', url: 'https://github.com/zulip/zulip/issues/12' }]);
  });

  it('gives bare URLs too, a scheme-less one with https://, after any linkifier that overlaps it', () => {
    expect(topicLinks('see https://zulip.com/a, zulip.org/x. and (www.python.org)', [])).toEqual([
      { text: 'https://zulip.com/a', url: 'https://zulip.com/a' },
      { text: 'zulip.org/x', url: 'https://zulip.org/x' },
      { text: 'www.python.org', url: 'https://www.python.org' },
    ]);
    const host = { id: 4, pattern: '(?P<h>zulip\\.com)', url_template: 'https://mirror.example/{h}' };
    expect(topicLinks('zulip.com', [host])).toEqual([{ text: 'zulip.com', url: 'https://mirror.example/zulip.com' }]);
    expect(topicLinks('#5 https://x.com/#5', [ISSUE])).toEqual([
      { text: '#5', url: 'https://github.com/zulip/zulip/issues/5' },
      { text: 'https://x.com/#5', url: 'https://x.com/#5' },
    ]);
  });

  it('does not take file names for domains', () => {
    expect(topicLinks('fix main.py', [])).toEqual([]);
  });

  it('returns text and URLs unescaped: clients escape them', () => {
    const q = { id: 5, pattern: 'q:(?P<q>\\S+)', url_template: 'https://s.example/?q={q}' };
    expect(topicLinks('<script> q:<b>&', [q])).toEqual([{ text: 'q:<b>&', url: 'https://s.example/?q=%3Cb%3E%26' }]);
  });
});
