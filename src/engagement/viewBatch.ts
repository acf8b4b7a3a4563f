import type { DeviceKind, SlideViewFields } from '../../schemas/engagementPaths.ts';
import type { SlideTime } from './slideTimer.ts';
import type { Visit } from './visit.ts';

/** SlideView records waiting to be sent: one per visit and slide, however many times were added. */
export interface ViewBatch {
  /** Adds counted times to `visit`'s records. */
  add(visit: Visit, times: readonly SlideTime[]): void;
  /** Whether a send would carry anything. */
  readonly size: number;
  /** The records to send (whole milliseconds, none of 0 ms), then forgotten; the fractions wait for the next. */
  drain(): SlideViewFields[];
  /** Puts records that could not be sent back, to go with the next send. */
  restore(records: readonly SlideViewFields[]): void;
}

/** An empty batch for a viewer on `device`. */
export function createViewBatch(device: DeviceKind): ViewBatch {
  const entries = new Map<string, { visit_id: string; visit_started_at: string; path: string; ms: number }>();
  const add = (visitId: string, startedAt: string, path: string, ms: number) => {
    if (!(ms > 0)) return;
    const key = `${visitId}\n${path}`;
    const entry = entries.get(key);
    if (entry) entry.ms += ms;
    else entries.set(key, { visit_id: visitId, visit_started_at: startedAt, path, ms });
  };
  return {
    add(visit, times) {
      for (const time of times) add(visit.id, visit.started_at, time.path, time.ms);
    },
    get size() {
      return [...entries.values()].filter((entry) => entry.ms >= 1).length;
    },
    drain() {
      const records: SlideViewFields[] = [];
      for (const [key, entry] of entries) {
        const ms = Math.floor(entry.ms);
        if (ms < 1) continue;
        records.push({ visit_id: entry.visit_id, path: entry.path, ms, visit_started_at: entry.visit_started_at, device });
        entry.ms -= ms;
        if (entry.ms <= 0) entries.delete(key);
      }
      return records;
    },
    restore(records) {
      for (const record of records) add(record.visit_id, record.visit_started_at, record.path, record.ms);
    },
  };
}
