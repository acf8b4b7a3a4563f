// The audit log (issue 23): what the platform records, the call admins read it through, and the
// names the console shows. No zod here: the console's chunk imports it.

/** GET below `/api/apps/{appId}` (admins): entries newest first; `?format=csv` for the file. */
export const AUDIT_CALL = '/audit-log';

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

/** Every action the log records, with the words the console shows for it. */
export const AUDIT_ACTIONS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  password_changed: 'Changed password',
  password_reset: 'Reset password',
  invitation_sent: 'Invitation sent',
  invitation_resent: 'Invitation resent',
  invitation_accepted: 'Invitation accepted',
  invitation_withdrawn: 'Invitation withdrawn',
  access_revoked: 'Access revoked',
  user_deleted: 'Person deleted',
  role_changed: 'Role changed',
  expiry_changed: 'Expiry changed',
  prepared_for_changed: 'Prepared-for changed',
  domain_added: 'Domain allowed',
  domain_changed: 'Domain rule changed',
  domain_removed: 'Domain removed',
  deck_settings_changed: 'Deck settings changed',
  access_requested: 'Access requested',
  access_approved: 'Access approved',
  access_declined: 'Access declined',
  consultation_requested: 'Consultation requested',
  consultation_decided: 'Consultation marked',
  pdf_downloaded: 'PDF downloaded',
  speaker_notes_viewed: 'Speaker notes viewed',
  follow_started: 'Presenting started',
  follow_stopped: 'Presenting stopped',
} as const;

/** One action of the log. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

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
  /** The client address (IPv6 by /64), or null for the platform itself. */
  address: string | null;
  user_agent: string | null;
  detail: Record<string, unknown>;
}
