// Facts of sharing the deck that the admin console, the viewer's screens, the sign-in
// page and the local platform must agree on: call paths, entity names, access states. No zod here:
// the browser's code imports this file, and the request body schemas (accessWire.ts) stay on the
// server's side and in the console's own chunk.

/** Entities of the access model. Each has a rule in src/platform/records/entityAccess.ts. */
export const ACCESS_ENTITY = {
  /** `@lender.example`: anyone who proves a mailbox there may join. Admins only. */
  domain: 'AccessDomain',
  /** A signed-in person nobody invited asks for access. Created through ACCESS_CALL.requestAccess. */
  accessRequest: 'AccessRequest',
  /** "Schedule a Consultation" on the contact page. Created by any admitted viewer; admins read all. */
  consultation: 'ConsultationRequest',
} as const;

/** Paths below `/api/apps/{appId}` that the local platform adds; the hosted platform may lack them (the client says so). */
export const ACCESS_CALL = {
  /** POST InviteBody → `{ success, email, role, user }`. The platform's own invite-user call, with optional extras. */
  invite: '/users/invite-user',
  /** POST → `{ success }`: a fresh invitation link (earlier ones die). Admin. */
  resendInvite: (userId: string) => `/users/${encodeURIComponent(userId)}/resend-invite`,
  /** POST → the user record: access ends at once (tokens, codes and sockets). Admin. */
  revoke: (userId: string) => `/users/${encodeURIComponent(userId)}/revoke`,
  /** POST DecisionBody → the AccessRequest record. Admin. */
  decideRequest: (requestId: string) => `/access-requests/${encodeURIComponent(requestId)}/decide`,
  /** POST AccessRequestBody with a user token, before admission → the AccessRequest record. */
  requestAccess: '/auth/request-access',
  /** POST `{ invite_token }` → InviteStatus, so the sign-in page explains a used or dead link before asking for a password. */
  inviteStatus: '/auth/invite-status',
  /** POST AcceptInviteBody → `{ access_token, user }`: the link proves the mailbox; no code to relay. */
  acceptInvite: '/auth/accept-invite',
  /** POST `{ user_id, current_password, new_password }` (the SDK's existing shape) → `{ success, access_token }`. */
  changePassword: '/auth/change-password',
} as const;

/** The sign-in page's query parameter carrying an invitation link's token. */
export const INVITE_TOKEN_PARAM = 'invite_token';

/** The 403 reason (`extra_data.reason`) for an expired or revoked person: the deck shows the ended-access screen. */
export const ACCESS_ENDED_REASON = 'access_ended';

/** The admin console's address in the deck: the app shell for admins, the ordinary 404 for everyone else. */
export const ADMIN_PATH = '/admin';

/**
 * The User record's flag of a password the platform generated (the first admin's, printed once at
 * start): the sign-in page then asks its owner for a password of their own before going on.
 */
export const PASSWORD_GENERATED = 'password_generated';

/** The one rule for what ADMIN_PATH shows in the deck: the console for an admin, the 404 for anyone else. */
export function showsAdminConsole(path: string, role: string | undefined): boolean {
  return path === ADMIN_PATH && role === 'admin';
}

/** The console's name: its heading, its tab title and what a screen reader hears on arriving. */
export const ADMIN_CONSOLE_LABEL = 'Admin console';

/** The instant an Expiry ends: the end of the named day (UTC) for a bare date. */
export function expiryInstant(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

/** Where a request stands; set by the platform, never by the requester. */
export type RequestStatus = 'pending' | 'approved' | 'declined';

/**
 * Why the platform ended a session, a reset link or an invitation link before its time
 * (each dead link and each ended session says its real reason). Recorded as it happens.
 */
export type EndedBy =
  /** The person changed their password (signed in, with the current one). */
  | 'password_changed'
  /** The person chose a new password through a reset link. */
  | 'password_reset'
  /** The person chose their password through an invitation link. */
  | 'password_set'
  /** The session signed out (in another tab or window of the same browser, which shares it). */
  | 'signed_out'
  /** An admin revoked the person's access. */
  | 'access_revoked'
  /** A newer invitation was sent. */
  | 'replaced';

/** What ACCESS_CALL.inviteStatus answers: `valid` with the address, else why the link grants nothing. */
export interface InviteStatus {
  /** `replaced`: a newer invitation was sent; `password_changed`: the person has chosen a password since. */
  state: 'valid' | 'used' | 'expired' | 'replaced' | 'password_changed' | 'revoked' | 'unknown';
  email?: string;
  message: string;
}

/** What STATUS_CALL.resetStatus (statusPaths.ts) answers: whether a reset link still sets a password, and why not. */
export interface ResetStatus {
  /** `password_changed`: the password was changed since the link was sent (another link, or signed in). */
  state: 'valid' | 'used' | 'expired' | 'password_changed' | 'unknown';
  message: string;
}

/** What STATUS_CALL.sessionStatus (statusPaths.ts) answers for the token presented. */
export interface SessionStatus {
  state: 'live' | 'ended';
  /**
   * Why it ended: what the platform recorded, `access_expired` when the person's access reached the
   * end an admin set, `expired` for a session past its seven days, `unknown` for a token it never issued.
   */
  reason: EndedBy | 'access_expired' | 'expired' | 'unknown' | null;
}

/** The access fields of a User record (admins see them for everyone; a person sees their own). */
export interface AccessFields {
  is_registered?: boolean;
  is_verified?: boolean;
  invited_at?: string | null;
  joined_at?: string | null;
  last_seen_at?: string | null;
  expires_at?: string | null;
  revoked_at?: string | null;
  prepared_for?: { name: string; company?: string | undefined } | null;
  role?: string;
}

/** A person's state in the console's list. */
export type AccessState = 'revoked' | 'expired' | 'joined' | 'invited' | 'not_admitted';

/** One rule for the console and the gate: revoked beats expired beats joined beats invited. */
export function accessState(user: AccessFields, now: Date = new Date()): AccessState {
  if (user.revoked_at) return 'revoked';
  if (user.expires_at && Date.parse(user.expires_at) <= now.getTime()) return 'expired';
  if (!user.is_registered && user.role !== 'admin') return 'not_admitted';
  return user.joined_at ? 'joined' : 'invited';
}
