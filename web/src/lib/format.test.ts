// Dates and times (lib/format.ts): each cached format writes what the browser's own
// toLocale… call with the same options writes, in this process's locale and timezone.
import { dateTime, dayLabel, fullTime, mediumDateTime, timeOfDay } from './format';

const WHEN = Date.UTC(2026, 10, 27, 15, 4, 5) / 1000;

describe('formats', () => {
  it('write a date and time as toLocaleString() does, the time included', () => {
    expect(dateTime(WHEN)).toBe(new Date(WHEN * 1000).toLocaleString());
    expect(dateTime(WHEN)).toMatch(/\d{1,2}:\d{2}:05/);
  });

  it('write the time of day and the full time on either clock', () => {
    for (const twentyFour of [false, true]) {
      expect(timeOfDay(WHEN, twentyFour)).toBe(new Date(WHEN * 1000).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', hour12: !twentyFour }));
      expect(fullTime(WHEN, twentyFour)).toBe(new Date(WHEN * 1000).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short', hour12: !twentyFour }));
      expect(mediumDateTime(WHEN * 1000, twentyFour)).toBe(new Date(WHEN * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', hour12: !twentyFour }));
    }
  });

  it('label days: Today, Yesterday, a weekday this week, a date (with the year when not this one)', () => {
    const now = new Date(2026, 10, 27, 12);
    const at = (d: Date) => d.getTime() / 1000;
    expect(dayLabel(at(new Date(2026, 10, 27, 1)), now)).toBe('Today');
    expect(dayLabel(at(new Date(2026, 10, 26, 23)), now)).toBe('Yesterday');
    expect(dayLabel(at(new Date(2026, 10, 24)), now)).toBe(new Date(2026, 10, 24).toLocaleDateString(undefined, { weekday: 'long', month: 'short', day: 'numeric' }));
    expect(dayLabel(at(new Date(2026, 9, 1)), now)).toBe(new Date(2026, 9, 1).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }));
    expect(dayLabel(at(new Date(2025, 9, 1)), now)).toBe(new Date(2025, 9, 1).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' }));
  });
});
