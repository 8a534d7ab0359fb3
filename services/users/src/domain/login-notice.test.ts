import { deviceBrowser, deviceOs, loginTime } from './login-notice';

/** Zulip's device guesses and login time (zerver/signals.py), as the new-login mail shows them. */
describe('the new-login mail’s details', () => {
  it('names browsers and systems in Zulip’s order', () => {
    const chromeAndroid = 'mozilla/5.0 (linux; android 14) applewebkit/537.36 (khtml, like gecko) chrome/120.0 mobile safari/537.36';
    expect([deviceBrowser(chromeAndroid), deviceOs(chromeAndroid)]).toEqual(['Chrome', 'Android']);
    const safariMac = 'mozilla/5.0 (macintosh; intel mac os x 10_15_7) applewebkit/605.1.15 (khtml, like gecko) version/17.1 safari/605.1.15';
    expect([deviceBrowser(safariMac), deviceOs(safariMac)]).toEqual(['Safari', 'macOS']);
    expect(deviceBrowser('zulipmobile/27.0 (ios 17.0)')).toBe('Zulip');
    expect(deviceBrowser('mozilla/5.0 (x11; linux x86_64) chromium/120.0')).toBe('Chromium');
    expect([deviceBrowser('curl/8.0'), deviceOs('curl/8.0')]).toEqual([undefined, undefined]);
  });

  it('says the time in the user’s zone, 12- or 24-hour as they chose, UTC when they set none', () => {
    const at = new Date('2026-12-08T21:05:00Z');
    expect(loginTime(at, 'Europe/Paris', true)).toBe('Tuesday, December 08, 2026 at 22:05 GMT+1');
    expect(loginTime(at, 'America/New_York', false)).toBe('Tuesday, December 08, 2026 at 04:05PM EST');
    expect(loginTime(at, '', false)).toBe('Tuesday, December 08, 2026 at 09:05PM UTC');
  });
});
