import { z } from 'zod';

// The request bodies of sharing the deck, validated by the local platform and by the
// console's forms. The paths, names and states they go with are in accessPaths.ts (zod-free, so the
// viewer's code can import them without zod), re-exported here for the server's convenience.
export * from './accessPaths.ts';

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

/** "Prepared for" of one person: shown on their cover instead of the deck-wide partner name. */
export const PreparedFor = z.object({ name: ShortText(120).min(1, 'must not be empty'), company: ShortText(120).optional() }).strict();
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

/**
 * An AccessDomain record's data: the domain with its leading `@`, and the role its people join with.
 * Never admin: a rule lets in anyone with a mailbox there, so an admin's powers go one person at a time.
 */
export const DomainRule = z
  .object({
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^@(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must start with @ and name a domain, such as @lender.example'),
    role: Role.refine((role) => role !== 'admin', 'must be a viewer role: invite admins one by one').default('user'),
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
export const AcceptInviteBody = z.object({ invite_token: z.string().min(1).max(200), new_password: z.string(), full_name: ShortText(200).optional() }).strict();
