import type { DeviceKind } from '../../../schemas/engagementPaths.ts';

// Its own file: the tally (viewTally.ts) builds visits and the summary (engagement.ts) reads them,
// and neither imports the other for it.

/** One visit of one viewer: when it began and last sent time, from what device, its time in all, and on which version. */
export interface VisitSummary {
  id: string;
  startedAt: string;
  lastAt: string;
  device: DeviceKind;
  ms: number;
  /** The deck version its newest record was read on; null for records without one. */
  version: string | null;
}

/**
 * Whether version `a` is later than `b`. Version ids are growing integers: the longer, then the
 * greater digits; no version is the earliest. The platform's SQL has the same rule (migration 11,
 * view_version_later), for records of one visit made in the same millisecond.
 */
export function laterVersion(a: string | null, b: string | null): boolean {
  return a !== null && (b === null || a.length > b.length || (a.length === b.length && a > b));
}
