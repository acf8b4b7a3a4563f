import type { AgreementText } from '../../../schemas/agreement.ts';
import { AGREEMENT_REASON } from '../../../schemas/agreementPaths.ts';
import type { Queryable } from '../db/db.ts';
import { gateError } from '../core/errors.ts';
import { type Caller, isAdmin } from './access.ts';
import type { AppRow } from './apps.ts';

/** What the admission needs to know of the confidentiality agreement. */
export interface AgreementAdmissionContext {
  db: Queryable;
  /** The agreement the deck serves; null or absent when it has none. */
  agreement?: AgreementText | null;
  /** The app whose deck (and agreement) this process serves. */
  deckAppId?: string;
}

/**
 * Part of the one admission: a partner of the served deck sees nothing of it (pages, content chunks,
 * the PDF, the API, sockets) until they have accepted the version of the agreement it serves: a 403
 * with AGREEMENT_REASON, which the deck's pages answer with the agreement itself. Admins (the deck's
 * owners) and the service role are not asked.
 */
export async function requireAgreement(ctx: AgreementAdmissionContext, app: AppRow, caller: Caller): Promise<void> {
  const agreement = ctx.agreement;
  if (!agreement || app.id !== ctx.deckAppId || caller.kind !== 'user' || isAdmin(caller)) return;
  const accepted = await ctx.db.query('SELECT 1 FROM agreement_acceptances WHERE app_id = $1 AND user_id = $2 AND version = $3', [
    app.id,
    caller.user.id,
    agreement.version,
  ]);
  if (accepted.rows.length === 0) throw gateError(AGREEMENT_REASON);
}
