import { VISIT_IDLE_MS } from '../../schemas/engagementPaths.ts';

/** The current visit as kept under VISIT_STORAGE_KEY, so a reload continues it. */
export interface Visit {
  id: string;
  /** ISO instant the visit began. */
  started_at: string;
  /** ISO instant of the viewer's last activity in it. */
  last_active: string;
}

/** The visit at `now`: the stored one while it has been idle less than VISIT_IDLE_MS, else a new one. */
export function visitAt(stored: Visit | null, now: number, newId: () => string): { visit: Visit; fresh: boolean } {
  const at = new Date(now).toISOString();
  if (stored && now - Date.parse(stored.last_active) < VISIT_IDLE_MS) return { visit: { ...stored, last_active: at }, fresh: false };
  return { visit: { id: newId(), started_at: at, last_active: at }, fresh: true };
}

/** A stored visit read back, or null when there is none or it is not one (another version, a hand edit). */
export function parseVisit(text: string | null): Visit | null {
  // Stryker disable next-line ConditionalExpression: an empty or null text throws inside the try below, or parses as null, and gives the same null.
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Visit> | null;
    // Stryker disable next-line OptionalChaining: a null value throws here inside the try and gives the same null.
    const fields = [value?.id, value?.started_at, value?.last_active];
    if (!fields.every((field) => typeof field === 'string' && field)) return null;
    if (Number.isNaN(Date.parse(value!.started_at!)) || Number.isNaN(Date.parse(value!.last_active!))) return null;
    return { id: value!.id!, started_at: value!.started_at!, last_active: value!.last_active! };
  } catch {
    return null;
  }
}
