import { checkSetting, checkTimezone } from './settings';
import { REALM_DEFAULT_SETTINGS, SETTINGS } from './settings-schema';

/** Every setting of the table: its default and allowed values pass, values outside do not. */
describe('checkSetting, for every setting', () => {
  for (const [name, spec] of Object.entries(SETTINGS)) {
    it(`${name}: accepts its default and allowed values, refuses others`, () => {
      expect(checkSetting(name, spec.default)).toBe(spec.default);
      for (const v of spec.values ?? []) expect(checkSetting(name, v)).toBe(v);
      const outside: (string | number)[] = spec.values
        ? spec.type === 'int'
          ? [Math.max(...(spec.values as number[])) + 1, -1]
          : ['not-a-choice']
        : spec.min !== undefined
          ? [spec.min - 1, spec.max! + 1]
          : [];
      for (const v of outside) expect(() => checkSetting(name, v)).toThrow(`Invalid ${name}`);
    });
  }

  it("covers the realm-default settings of the spec's table", () => {
    for (const name of [
      'twenty_four_hour_time',
      'color_scheme',
      'web_home_view',
      'email_address_visibility',
      'enable_digest_emails',
      'desktop_icon_count_display',
      'resolved_topic_notice_auto_read_policy',
      'presence_enabled',
    ]) {
      expect(REALM_DEFAULT_SETTINGS).toContain(name);
    }
    for (const personal of ['default_language', 'enable_login_emails', 'enable_marketing_emails', 'allow_private_data_export']) {
      expect(REALM_DEFAULT_SETTINGS).not.toContain(personal);
    }
  });
});

describe('checkTimezone', () => {
  it.each(['', 'UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata'])('accepts %p', (zone) => {
    expect(checkTimezone(zone)).toBe(zone);
  });
  it.each(['Mars/Base', 'Europe/Pariss', 'GMT+25', 'not a zone'])('refuses %p', (zone) => {
    expect(() => checkTimezone(zone)).toThrow(`Invalid timezone '${zone}'`);
  });
});
