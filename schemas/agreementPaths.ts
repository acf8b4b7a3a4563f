// The confidentiality agreement's calls and records that the console and the local platform share.
// No zod: the console's code imports it.

/** GET below `/api/apps/{appId}` (admins) → AgreementStatus: the agreement served and who accepted it. */
export const AGREEMENT_CALL = '/agreement/acceptances';

/** Where the agreement page's form sends a partner's decision (a page of the deck's, not the API). */
export const AGREEMENT_FORM_PATH = '/_agreement';

/** The reason of the admission's 403 for a partner who has not accepted the agreement served. */
export const AGREEMENT_REASON = 'agreement_required';

/** One person's acceptance of one version. */
export interface AgreementAcceptance {
  user_id: string;
  email: string;
  version: string;
  title: string;
  /** ISO time. */
  accepted_at: string;
  /** The client address (IPv6 by /64), as the audit log keeps it. */
  address: string | null;
}

/** What AGREEMENT_CALL answers. */
export interface AgreementStatus {
  /** The agreement the deck serves, or null when it has none. */
  agreement: { title: string; version: string } | null;
  acceptances: AgreementAcceptance[];
}
