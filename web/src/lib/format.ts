// Dates and times in the reader's timezone and clock (`twenty_four_hour_time`). Each format is
// one Intl.DateTimeFormat, made on first use: `toLocaleString` builds a new one per call,
// which cost a feed of fifty messages tens of milliseconds.

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(undefined, options)));
  return f;
}

export function timeOfDay(seconds: number, twentyFour: boolean): string {
  return formatter(`time${twentyFour}`, { hour: 'numeric', minute: '2-digit', hour12: !twentyFour }).format(seconds * 1000);
}

/**
 * Makes the formats a feed uses before it is opened (the app calls it when idle): the first
 * Intl.DateTimeFormat of a page costs milliseconds of locale data.
 */
export function warmFormats(twentyFour: boolean): void {
  const now = Date.now() / 1000;
  timeOfDay(now, twentyFour);
  fullTime(now, twentyFour);
  dayLabel(now - 3 * 86_400);
  dayLabel(now - 30 * 86_400);
}

export function dayOf(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/** A date divider's text: Today, Yesterday, or the date (with the year when not this year's). */
export function dayLabel(seconds: number, now = new Date()): string {
  const d = new Date(seconds * 1000);
  const days = Math.round((new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() - new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  const weekday = days < 7;
  const year = d.getFullYear() !== now.getFullYear();
  return formatter(`day${weekday}${year}`, { weekday: weekday ? 'long' : undefined, month: 'short', day: 'numeric', year: year ? 'numeric' : undefined }).format(d);
}

export function fullTime(seconds: number, twentyFour: boolean): string {
  return formatter(`full${twentyFour}`, { dateStyle: 'full', timeStyle: 'short', hour12: !twentyFour }).format(seconds * 1000);
}

/**
 * A date and time in the browser's default style, as `toLocaleString()` writes it (lists:
 * Recent conversations, scheduled messages). Spelled out: a format with no options is a date alone.
 */
export function dateTime(seconds: number): string {
  return formatter('datetime', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).format(seconds * 1000);
}

/** A `<time>` in rendered Markdown: medium date, short time. */
export function mediumDateTime(ms: number, twentyFour: boolean): string {
  return formatter(`medium${twentyFour}`, { dateStyle: 'medium', timeStyle: 'short', hour12: !twentyFour }).format(ms);
}

/** "3 minutes ago"-style text for presence and recent conversations. */
export function ago(seconds: number, now = Date.now() / 1000): string {
  const s = Math.max(0, now - seconds);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} days ago`;
}

/** A time as a `datetime-local` input shows it: the reader's local date and time, to the minute. */
export function localInputValue(seconds: number): string {
  const d = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}
