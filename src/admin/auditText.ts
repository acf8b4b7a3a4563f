import { AUDIT_ACTIONS, type AuditAction } from '../../schemas/auditActions.ts';
import { roleLabel } from './people/people.ts';

/** The console's words for an action (the raw name for one this build does not know). */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}

/** The action filter's options: every action, after "All actions". */
export const AUDIT_ACTION_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'All actions' },
  ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
];

// One detail value, short: text as it is, a from/to pair as "a → b", objects as compact JSON.
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && !Array.isArray(value)) {
    const fields = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined && v !== '');
    return fields.map(([key, v]) => `${key} ${valueText(v)}`).join(', ') || 'none';
  }
  return JSON.stringify(value);
}

// A role in the console's words ("Viewer", "Admin"); any other value as it is.
const roleText = (value: unknown) => (typeof value === 'string' ? roleLabel(value) : valueText(value));

/** An entry's detail as one line, in the console's words: "Viewer → Admin", "reason: wrong email or password". */
export function auditDetailText(detail: Record<string, unknown>, action?: string): string {
  const { from, to, ...rest } = detail;
  const text = action === 'role_changed' ? roleText : valueText;
  const change = 'from' in detail || 'to' in detail ? [`${text(from)} → ${text(to)}`] : [];
  return [...change, ...Object.entries(rest).map(([key, value]) => `${key.replace(/_/g, ' ')}: ${key === 'role' ? roleText(value) : valueText(value)}`)].join(
    '; ',
  );
}
