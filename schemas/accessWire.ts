import { z } from 'zod';

// Facts of sharing the deck (issue 11) that the admin console, the viewer's screens, the sign-in
// page and the local platform must agree on: call paths, entity names, body shapes, access states.
// schemas/ is the one layer all of them may import, so each fact lives here once.

/** Entities of the access model. Each has a rule in src/platform/entityAccess.ts. */
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

const Email = z.email('must be an email address').max(320);
const Role = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be a role name such as user or admin');
const ShortText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/**
 * An expiry as the console's date field sends it (`2026-12-31`, access lasts through that day, UTC)
 * or a full ISO time. Whether it is in the future is checked where "now" is known (expiryInstant).
 */
export const Expiry = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'must be a date such as 2026-12-31')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a real date');

/** The instant an Expiry ends: the end of the named day (UTC) for a bare date. */
export function expiryInstant(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

/** "Prepared for" of one person: shown on their cover instead of the deck-wide partner name. */
export const PreparedFor = z
  .object({ name: ShortText(120).min(1, 'must not be empty'), company: ShortText(120).optional() })
  .strict();
export type PreparedFor = z.infer<typeof PreparedFor>;

/** POST ACCESS_CALL.invite. Extras beyond `user_email` and `role` are the local platform's. */
export const InviteBody = z
  .object({
    user_email: Email,
    role: Role.default('user'),
    expires_at: Expiry.nullable().optional(),
    prepared_for: PreparedFor.nullable().optional(),
  })
  .strict();
export type InviteBody = z.input<typeof InviteBody>;

/** What an admin may change on a person's record (PUT /entities/User/{id}), besides role. */
export const AccessPatch = z
  .object({ role: Role, expires_at: Expiry.nullable(), prepared_for: PreparedFor.nullable(), full_name: ShortText(200).nullable() })
  .partial()
  .strict();

/** An AccessDomain record's data: the domain with its leading `@`. */
export const DomainRule = z
  .object({
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^@(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must start with @ and name a domain, such as @lender.example'),
    role: Role.default('user'),
  })
  .strict();

/** POST ACCESS_CALL.requestAccess. */
export const AccessRequestBody = z.object({ message: ShortText(1000).optional() }).strict();

/** POST ACCESS_CALL.decideRequest. */
export const DecisionBody = z.object({ decision: z.enum(['approve', 'decline'], 'must be approve or decline') }).strict();

/** A ConsultationRequest record's data as a viewer sends it. */
export const ConsultationBody = z
  .object({
    preferred_times: ShortText(500).min(1, 'must say when suits you, such as "Tuesday or Wednesday afternoon, Eastern"'),
    message: ShortText(2000).optional(),
  })
  .strict();

/** Where a consultation request stands: `new` when made (set by the platform), `handled` once an admin has answered it. */
export const ConsultationStatus = z.enum(['new', 'handled'], 'must be new or handled');
export type ConsultationStatus = z.infer<typeof ConsultationStatus>;

/** POST ACCESS_CALL.acceptInvite. */
export const AcceptInviteBody = z
  .object({ invite_token: z.string().min(1).max(200), new_password: z.string(), full_name: ShortText(200).optional() })
  .strict();

/** Where a request stands; set by the platform, never by the requester. */
export type RequestStatus = 'pending' | 'approved' | 'declined';

/** What ACCESS_CALL.inviteStatus answers: `valid` with the address, else why the link grants nothing. */
export interface InviteStatus {
  state: 'valid' | 'used' | 'expired' | 'revoked' | 'unknown';
  email?: string;
  message: string;
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
  prepared_for?: PreparedFor | null;
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

/** The admin console's address in the deck: the app shell for admins, the ordinary 404 for everyone else. */
export const ADMIN_PATH = '/admin';
