import type MarkdownIt from 'markdown-it';
import { escapeAttr, escapeText } from './html';

/**
 * `<time:…>` as Zulip renders it: the input read as dateutil.parser.parse reads the common forms
 * (ISO 8601, "Jun 5th 2017, 10:30PM", "31 Dec 2017 5:30 am IST", Unix seconds), shown in UTC as
 * `<time datetime="…Z">input</time>`, or Zulip's timestamp-error span. A time without a zone is
 * UTC; a missing date is today's (UTC). Every match here is a linear scan.
 */

/** Zulip's zone abbreviations (common_timezones in zerver/lib/timezone.py), in seconds east of UTC. */
const ZONES: Readonly<Record<string, number>> = {
  SST: -39600,
  HST: -36000,
  AKST: -32400,
  HDT: -32400,
  AKDT: -28800,
  PST: -28800,
  MST: -25200,
  PDT: -25200,
  CST: -21600,
  MDT: -21600,
  CDT: -18000,
  EST: -18000,
  AST: -14400,
  EDT: -14400,
  NST: -12600,
  ADT: -10800,
  NDT: -9000,
  GMT: 0,
  UTC: 0,
  WET: 0,
  Z: 0,
  BST: 3600,
  CET: 3600,
  MET: 3600,
  WAT: 3600,
  WEST: 3600,
  CAT: 7200,
  CEST: 7200,
  EET: 7200,
  MEST: 7200,
  SAST: 7200,
  EAT: 10800,
  EEST: 10800,
  IDT: 10800,
  MSK: 10800,
  PKT: 18000,
  IST: 19800,
  WIB: 25200,
  AWST: 28800,
  HKT: 28800,
  WITA: 28800,
  JST: 32400,
  KST: 32400,
  WIT: 32400,
  ACST: 34200,
  AEST: 36000,
  CHST: 36000,
  ACDT: 37800,
  AEDT: 39600,
  NZST: 43200,
  NZDT: 46800,
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = new Set(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
const FILLER = new Set(['at', 'on', 'of', 'the', 'and', 't']);

interface Parts {
  year?: number;
  month?: number;
  day?: number;
  hour: number;
  minute: number;
  second: number;
  micro: number;
  offset?: number;
}

/** A month name or its abbreviation ("Sept", "December"), 1-based. */
function monthOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  const i = MONTHS.indexOf(w.slice(0, 3));
  if (i < 0) return undefined;
  const full = new Date(Date.UTC(2000, i, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' }).toLowerCase();
  return w.length === 3 || full.startsWith(w) || w === 'sept' ? i + 1 : undefined;
}

function twoDigitYear(yy: number, now: Date): number {
  const century = Math.floor(now.getUTCFullYear() / 100) * 100;
  const year = century + yy;
  return year > now.getUTCFullYear() + 50 ? year - 100 : year;
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,6})\d*)?)?)? ?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function offsetOf(sign: string, digits: string): number | undefined {
  const d = digits.replace(':', '');
  if (!/^\d{1,4}$/.test(d)) return undefined;
  const hours = d.length <= 2 ? Number(d) : Number(d.slice(0, d.length - 2));
  const minutes = d.length <= 2 ? 0 : Number(d.slice(-2));
  if (hours > 23 || minutes > 59) return undefined;
  return (sign === '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/** The parts of a free-form date and time, or undefined where dateutil would refuse it too. */
function parseWords(input: string, now: Date): Parts | undefined {
  const parts: Parts = { hour: 0, minute: 0, second: 0, micro: 0 };
  const tokens = input.match(/\d+(?::\d+)*(?:\.\d+)?|[A-Za-z]+\.?|[+-]|[^\sA-Za-z\d+-]/g) ?? [];
  const numbers: string[] = [];
  let hourSet = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const lower = t.toLowerCase().replace(/\.$/, '');
    if (/^\d/.test(t)) {
      const next = tokens[i + 1]?.toLowerCase().replace(/\./g, '');
      if (t.includes(':') || next === 'am' || next === 'pm' || next === 'a' || next === 'p') {
        const [h, m = '0', s = '0'] = t.split(':');
        const [sec, frac = ''] = s.split('.');
        if (hourSet || t.split(':').length > 3) return undefined;
        parts.hour = Number(h);
        parts.minute = Number(m);
        parts.second = Number(sec);
        parts.micro = Number(frac.padEnd(6, '0').slice(0, 6));
        hourSet = true;
      } else if (/^(st|nd|rd|th)$/.test(next ?? '')) {
        numbers.push(t);
        i++;
      } else numbers.push(t);
    } else if (lower === 'am' || lower === 'pm' || lower === 'a' || lower === 'p') {
      if (!hourSet || parts.hour > 12 || parts.hour === 0) return undefined;
      if (lower.startsWith('p') && parts.hour < 12) parts.hour += 12;
      if (lower.startsWith('a') && parts.hour === 12) parts.hour = 0;
      if (tokens[i + 1] === '.' || tokens[i + 1]?.toLowerCase() === 'm.') i++;
    } else if (t === '+' || t === '-') {
      const digits = tokens[i + 1];
      if (hourSet && digits && /^\d/.test(digits) && parts.offset === undefined) {
        const offset = offsetOf(t, digits);
        if (offset === undefined) return undefined;
        parts.offset = (parts.offset ?? 0) + offset;
        i++;
      } else if (t === '+') return undefined;
    } else if (monthOf(t) !== undefined) {
      if (parts.month !== undefined) return undefined;
      parts.month = monthOf(t);
    } else if ((ZONES[t.toUpperCase()] !== undefined && t.length > 1) || t === 'Z') {
      if (parts.offset !== undefined) return undefined;
      parts.offset = ZONES[t.toUpperCase()];
    } else if (WEEKDAYS.has(lower.slice(0, 3)) || FILLER.has(lower) || /^[,/.]$/.test(t)) {
      continue;
    } else return undefined;
  }
  return assignDate(parts, numbers, now);
}

/** dateutil's reading of the date's numbers: month first unless it cannot be, a 4-digit (or > 31) year. */
function assignDate(parts: Parts, numbers: string[], now: Date): Parts | undefined {
  if (numbers.length === 1 && parts.month === undefined && [6, 8].includes(numbers[0].length)) {
    const n = numbers[0];
    const y = n.length === 8 ? Number(n.slice(0, 4)) : twoDigitYear(Number(n.slice(0, 2)), now);
    return { ...parts, year: y, month: Number(n.slice(-4, -2)), day: Number(n.slice(-2)) };
  }
  if (numbers.length > 3) return undefined;
  const values = numbers.map(Number);
  const yearAt = numbers.findIndex((n, i) => n.length >= 3 || values[i] > 31);
  if (yearAt >= 0) {
    parts.year = values[yearAt];
    values.splice(yearAt, 1);
  }
  if (parts.month !== undefined) {
    if (values.length > 2) return undefined;
    if (values.length >= 1) parts.day = values[0];
    if (values.length === 2) {
      if (parts.year !== undefined) return undefined;
      parts.year = twoDigitYear(values[1], now);
    }
  } else if (values.length === 1) {
    if (parts.year === undefined) parts.day = values[0];
    else parts.month = values[0];
  } else if (values.length >= 2) {
    const [a, b] = values;
    [parts.month, parts.day] = a > 12 ? [b, a] : [a, b];
    if (values.length === 3) {
      if (parts.year !== undefined) return undefined;
      parts.year = twoDigitYear(values[2], now);
    }
  }
  return parts;
}

function fromParts(parts: Parts, now: Date): Date | undefined {
  const year = parts.year ?? now.getUTCFullYear();
  const month = parts.month ?? now.getUTCMonth() + 1;
  const day = parts.day ?? now.getUTCDate();
  const { hour, minute, second } = parts;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year);
  if (date.getUTCDate() !== day || day < 1) return undefined;
  return new Date(date.getTime() - (parts.offset ?? 0) * 1000);
}

/** The instant `<time:input>` stands for, with its microseconds, or undefined. */
export function parseTime(input: string, now = new Date()): { date: Date; micro: number } | undefined {
  const text = input.trim();
  if (!text || text.length > 100) return undefined;
  const iso = ISO.exec(text);
  let parts: Parts | undefined;
  if (iso) {
    parts = {
      year: Number(iso[1]),
      month: Number(iso[2]),
      day: Number(iso[3]),
      hour: Number(iso[4] ?? 0),
      minute: Number(iso[5] ?? 0),
      second: Number(iso[6] ?? 0),
      micro: Number((iso[7] ?? '').padEnd(6, '0')),
    };
    if (iso[8]) parts.offset = iso[8].toUpperCase() === 'Z' ? 0 : offsetOf(iso[8][0], iso[8].slice(1));
  } else if (/^-?\d+(\.\d+)?$/.test(text) && ![4, 6, 8].includes(text.length)) {
    const seconds = Number(text);
    const whole = Math.floor(seconds);
    const date = new Date(whole * 1000);
    if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999 || date.getUTCFullYear() < 1) return undefined;
    return { date, micro: Math.round((seconds - whole) * 1e6) % 1000000 };
  } else {
    parts = parseWords(text, now);
  }
  if (!parts) return undefined;
  const date = fromParts(parts, now);
  return date && { date, micro: parts.micro };
}

/** Python's isoformat() in UTC, "+00:00" written "Z". */
export function isoUtc({ date, micro }: { date: Date; micro: number }): string {
  const iso = date.toISOString().replace(/\.\d{3}Z$/, '');
  const year = date.getUTCFullYear();
  const padded = year < 1000 ? `${String(year).padStart(4, '0')}${iso.slice(iso.indexOf('-'))}` : iso;
  return `${padded}${micro ? `.${String(micro).padStart(6, '0')}` : ''}Z`;
}

export function renderTime(input: string): string {
  const time = parseTime(input);
  if (!time) return `<span class="timestamp-error">${escapeText(`Invalid time format: ${input}`)}</span>`;
  return `<time datetime="${escapeAttr(isoUtc(time))}">${escapeText(input)}</time>`;
}

/** Zulip's TIMESTAMP_RE, `<time:(?P<time>[^>]*?)>`: everything up to the first `>`. */
export function timeRule(state: MarkdownIt.StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x3c || !src.startsWith('<time:', pos)) return false;
  const end = src.indexOf('>', pos + 6);
  if (end < 0 || end >= state.posMax) return false;
  if (!silent) state.push('zulip_time', '', 0).content = src.slice(pos + 6, end);
  state.pos = end + 1;
  return true;
}
