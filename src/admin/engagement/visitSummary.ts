import type { DeviceKind } from '../../../schemas/engagementPaths.ts';

// Its own file: the tally (viewTally.ts) builds visits and the summary (engagement.ts) reads them,
// and neither imports the other for it.

/** One visit of one viewer: when it began and last sent time, from what device, and its time in all. */
export interface VisitSummary {
  id: string;
  startedAt: string;
  lastAt: string;
  device: DeviceKind;
  ms: number;
}
