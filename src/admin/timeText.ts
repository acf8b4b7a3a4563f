import { serverNow } from './serverClock.ts';

// How the console writes times: relative for scanning ("3 h ago"), the exact time on hover and for
// screen readers (title + <time dateTime>), and expiry days as the admin typed them (UTC days).

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const localDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

/**
 * "just now", "5 minutes ago", "in 3 days": the largest whole unit between `iso` and `now`. For
 * something that happened (pastTime), a time after `now` is "just now": the clocks of the server
 * that wrote it and of this browser never agree to the second.
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(Math.trunc(seconds / 60) || Math.sign(seconds), 'minute');
}

/** When something happened, relative to `now`: never "in N minutes" (see relativeTime). */
export function pastTime(iso: string, now: Date = new Date(serverNow())): string {
  // Not a time (NaN) is not after now, and relativeTime says '' for it.
  // Stryker disable next-line EqualityOperator: at exactly now, relativeTime says "just now" too.
  return Date.parse(iso) > now.getTime() ? 'just now' : relativeTime(iso, now);
}

/** The exact local time, e.g. "24 Nov 2026, 14:05". */
export function exactTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : exact.format(time);
}

/** The local day of a time, e.g. "24 Nov 2026". */
export function dayText(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : localDay.format(time);
}

/** An expiry as a day, e.g. "31 Dec 2026" (access lasts through that UTC day). */
export function expiryDay(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : day.format(time);
}

/** The `<input type="date">` value of an expiry (its UTC day), or '' when there is none. */
export function dateInputValue(iso: string | null | undefined): string {
  // Stryker disable next-line StringLiteral: any text that is not a date parses to NaN alike.
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : new Date(time).toISOString().slice(0, 10);
}

/** `tick` or the present (by the server's clock), whichever is later: "now" for times that may be newer than the last tick of a clock. */
export function latest(tick: Date, present: number = serverNow()): Date {
  return present > tick.getTime() ? new Date(present) : tick;
}
