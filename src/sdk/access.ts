import { ACCESS_CALL, type InviteStatus } from '../../schemas/accessPaths.ts';
import { AUDIT_CALL, type AuditEntry } from '../../schemas/auditPaths.ts';
import { AGREEMENT_CALL, type AgreementStatus } from '../../schemas/agreementPaths.ts';
// A type only, erased from the bundle: zod stays out of the SDK's chunk.
import type { InviteBody } from '../../schemas/accessWire.ts';
import type { LoginResult, User } from './auth.ts';
import { Base44Error } from './errors.ts';
import type { Http } from './http.ts';
import type { Session } from './session.ts';

/** A record of the access entities (AccessRequest, ConsultationRequest) as the platform returns it. */
export type AccessRecord = Record<string, unknown> & { id: string };

/**
 * Sharing the deck: calls the local platform adds to the platform's API. Against a
 * platform without them each rejects with a Base44Error that says so (code `not_offered`).
 */
export interface AccessModule {
  /** Invites a person (optionally with an expiry and a "Prepared for"); mails them a link that proves their mailbox. */
  invite(body: InviteBody): Promise<{ success: boolean; email: string; role: string; user: User }>;
  /** Mails a fresh invitation link; earlier links stop working. */
  resendInvite(userId: string): Promise<unknown>;
  /** Ends a person's access at once: their sessions, codes and open decks. */
  revoke(userId: string): Promise<User>;
  /** Approves or declines an access request. */
  decideRequest(requestId: string, decision: 'approve' | 'decline'): Promise<AccessRecord>;
  /** Asks the deck's admins for access (signed in, not yet admitted). */
  requestAccess(message?: string): Promise<AccessRecord>;
  /** What an invitation link is worth before a password is chosen. */
  inviteStatus(inviteToken: string): Promise<InviteStatus>;
  /** Chooses a password through an invitation link and signs in (the token is kept like a login's). */
  acceptInvite(params: { inviteToken: string; newPassword: string; fullName?: string }): Promise<LoginResult>;
  /** The audit log, newest first (admins): filtered by person, action, since, until, limit (AUDIT_QUERY). */
  auditLog(query?: AuditLogQuery): Promise<AuditEntry[]>;
  /** The same entries as a CSV file's text. */
  auditLogCsv(query?: AuditLogQuery): Promise<string>;
  /** The confidentiality agreement the deck serves and who accepted which version (admins). */
  agreementStatus(): Promise<AgreementStatus>;
}

/** Filters of the audit log; empty ones are left out. */
export type AuditLogQuery = Partial<Record<'person' | 'action' | 'since' | 'until' | 'limit', string>>;

// The hosted platform answers an unknown route with a 404 "No route …": name what is missing instead.
function notOffered(what: string, error: unknown): unknown {
  if (!(error instanceof Base44Error) || error.status !== 404 || error.code === 'app_not_found') return error;
  const detail = (error.data as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string' && !detail.startsWith('No route')) return error;
  return new Base44Error(`This platform does not offer ${what}; the deck's local platform does (npm start).`, {
    status: 404,
    code: 'not_offered',
    data: error.data,
    cause: error,
  });
}

/** Builds the access module on the client's user channel. */
export function createAccessModule(http: Http, session: Session): AccessModule {
  const post = async <T>(what: string, path: string, json: unknown = {}): Promise<T> => {
    try {
      return (await http<T>({ method: 'POST', path, json })).data;
    } catch (error) {
      throw notOffered(what, error);
    }
  };
  const read = async <T>(query: Record<string, unknown>): Promise<T> => {
    try {
      return (await http<T>({ method: 'GET', path: AUDIT_CALL, query })).data;
    } catch (error) {
      throw notOffered('an audit log', error);
    }
  };
  const given = (query: AuditLogQuery = {}) => Object.fromEntries(Object.entries(query).filter(([, value]) => value));
  return {
    auditLog: (query) => read<AuditEntry[]>(given(query)),
    auditLogCsv: (query) => read<string>({ ...given(query), format: 'csv' }),
    async agreementStatus() {
      try {
        return (await http<AgreementStatus>({ method: 'GET', path: AGREEMENT_CALL })).data;
      } catch (error) {
        throw notOffered('a confidentiality agreement', error);
      }
    },
    // invite-user is the platform's own call; only its extras are the local platform's.
    invite: (body) => post('invitations', ACCESS_CALL.invite, body),
    resendInvite: (userId) => post('resending invitations', ACCESS_CALL.resendInvite(userId)),
    revoke: (userId) => post('revoking access', ACCESS_CALL.revoke(userId)),
    decideRequest: (requestId, decision) => post('access requests', ACCESS_CALL.decideRequest(requestId), { decision }),
    requestAccess: (message) => post('access requests', ACCESS_CALL.requestAccess, message ? { message } : {}),
    inviteStatus: (inviteToken) => post('invitation links', ACCESS_CALL.inviteStatus, { invite_token: inviteToken }),
    async acceptInvite({ inviteToken, newPassword, fullName }) {
      const data = await post<LoginResult>('invitation links', ACCESS_CALL.acceptInvite, {
        invite_token: inviteToken,
        new_password: newPassword,
        ...(fullName ? { full_name: fullName } : {}),
      });
      if (data?.access_token) session.setToken(data.access_token);
      return data;
    },
  };
}
