import type { VisitSummary } from './visitSummary.ts';

// Engagement over time: visits and reading time per day, from the visits the console already sums.
// A visit counts on the day it began, with all its time: a visit that runs past midnight is one visit
// of that evening, not a part of two. Days are the console reader's own (or the zone given).

/** One day of the chart. */
export interface DayTotals {
  /** The day, `2026-12-04`. */
  day: string;
  visits: number;
  ms: number;
}

/** The calendar day of an instant in `timeZone` (the reader's own when absent), as `YYYY-MM-DD`. */
export function dayOf(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone && { timeZone }) }).formatToParts(
    new Date(iso),
  );
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

// The day before `day` (`YYYY-MM-DD`), by the calendar, whatever the zone.
function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The `days` days that end on `now`'s day, oldest first, each with the visits that began on it and
 * their reading time; days without any are zeros, so the chart's gaps are real.
 */
export function dailySeries(visits: readonly Pick<VisitSummary, 'startedAt' | 'ms'>[], now: Date, days: number, timeZone?: string): DayTotals[] {
  const series: DayTotals[] = [];
  let day = dayOf(now.toISOString(), timeZone);
  for (let i = 0; i < days; i++) {
    series.unshift({ day, visits: 0, ms: 0 });
    day = dayBefore(day);
  }
  const byDay = new Map(series.map((entry) => [entry.day, entry]));
  for (const visit of visits) {
    if (Number.isNaN(Date.parse(visit.startedAt))) continue;
    const entry = byDay.get(dayOf(visit.startedAt, timeZone));
    if (!entry) continue;
    entry.visits += 1;
    entry.ms += Math.max(0, visit.ms);
  }
  return series;
}

/** "4 Dec" for a chart's axis and table. */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}
