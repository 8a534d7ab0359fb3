// Dates and times in the reader's timezone and clock (`twenty_four_hour_time`).

export function timeOfDay(seconds: number, twentyFour: boolean): string {
  return new Date(seconds * 1000).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', hour12: !twentyFour });
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
  return d.toLocaleDateString(undefined, { weekday: days < 7 ? 'long' : undefined, month: 'short', day: 'numeric', year: d.getFullYear() === now.getFullYear() ? undefined : 'numeric' });
}

export function fullTime(seconds: number, twentyFour: boolean): string {
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short', hour12: !twentyFour });
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
