// The audit log: the call admins read it through and its query. No zod here, and no
// action names (auditActions.ts): every signed-in viewer's first visit carries the client, which
// imports AUDIT_CALL.

import type { AuditAction } from './auditActions.ts';

export type { AuditAction } from './auditActions.ts';

/** GET below `/api/apps/{appId}` (admins): entries newest first; `?format=csv` for the file. */
export const AUDIT_CALL = '/audit-log';

/** The socket room (admins of the app only) that carries each new entry as `update_model` data `{ entry }`. */
export function auditRoom(appId: string): string {
  return `audit:${appId}`;
}

/** Query parameters of AUDIT_CALL. */
export const AUDIT_QUERY = {
  /** An email: entries whose actor or target it is (any case). */
  person: 'person',
  /** One action (AUDIT_ACTIONS). */
  action: 'action',
  /** An ISO date or time: entries at or after it. */
  since: 'since',
  /** An ISO date or time: entries before it (a bare date: before the end of that day, UTC). */
  until: 'until',
  /** At most this many (1-5000, default 1000). */
  limit: 'limit',
  /** `csv`: the same entries as a CSV file. */
  format: 'format',
} as const;

/** One entry as AUDIT_CALL returns it. */
export interface AuditEntry {
  id: string;
  /** ISO time. */
  at: string;
  /** Who did it: an email, `service` for the service token, or null for someone not signed in. */
  actor: string | null;
  action: AuditAction;
  /** Whom or what it concerned: an email, or a record such as `AccessDomain @lender.example`. */
  target: string | null;
  /** The client address as people write it (`127.0.0.1`, IPv6 by its /64: `2001:db8::/64`), or null for the platform itself. */
  address: string | null;
  user_agent: string | null;
  detail: Record<string, unknown>;
}
