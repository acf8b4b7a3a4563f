import type { DeviceKind, SlideViewFields } from '../../schemas/engagementPaths.ts';
import type { SlideTime } from './slideTimer.ts';
import type { Visit } from './visit.ts';

/** SlideView records waiting to be sent: one per visit and slide, however many times were added. */
export interface ViewBatch {
  /** Adds counted times to `visit`'s records. */
  add(visit: Visit, times: readonly SlideTime[]): void;
  /** Whether a send would carry anything. */
  readonly size: number;
  /**
   * The records to send (whole milliseconds, none of 0 ms), each with a new key, then forgotten; the
   * fractions wait for the next. Records put back by restore go first, as they were; beyond
   * MAX_RECORDS_PER_SEND the rest wait for the next send.
   */
  drain(): SlideViewFields[];
  /**
   * Puts back records whose send failed, to go with the next send unchanged: the platform may have
   * stored them before the answer was lost, and their keys let it store each once.
   */
  restore(records: readonly SlideViewFields[]): void;
}

/**
 * The most records one send carries (~20 KB): a keepalive request's body must stay under 64 KB, and
 * records sent again are kept as they were, not merged, so a long outage could pile up more.
 */
export const MAX_RECORDS_PER_SEND = 100;

/** An empty batch for a viewer on `device`; `newKey` gives each record its key. */
export function createViewBatch(device: DeviceKind, newKey: () => string): ViewBatch {
  const entries = new Map<string, { visit_id: string; visit_started_at: string; path: string; ms: number }>();
  let unsent: SlideViewFields[] = [];
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
      return unsent.length + [...entries.values()].filter((entry) => entry.ms >= 1).length;
    },
    drain() {
      const records = unsent.splice(0, MAX_RECORDS_PER_SEND);
      for (const [key, entry] of entries) {
        if (records.length === MAX_RECORDS_PER_SEND) break;
        const ms = Math.floor(entry.ms);
        if (ms < 1) continue;
        records.push({ visit_id: entry.visit_id, path: entry.path, ms, visit_started_at: entry.visit_started_at, device, view_key: newKey() });
        entry.ms -= ms;
        if (entry.ms <= 0) entries.delete(key);
      }
      return records;
    },
    restore(records) {
      unsent = [...records, ...unsent];
    },
  };
}
