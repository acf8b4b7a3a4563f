import { ACCESS_ENTITY } from '../../../schemas/accessWire.ts';
import type { Queryable } from '../db/db.ts';
import { badRequest } from '../core/errors.ts';

// The AccessDomain records of an app, as admission and the uniqueness check read them. A rule's
// domain is stored lower-cased with its `@` (DomainRule), and emails are stored lower-cased
// (users.ts normalizeEmail), so both compare as plain text.

/** One allowed domain: `@lender.example` and the role its people join with. */
export interface DomainRuleRecord {
  id: string;
  domain: string;
  role: string;
}

/** The `@domain` part of an email address, lower-cased (`ann@Lender.Example` → `@lender.example`). */
export function emailDomain(email: string): string {
  return `@${email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()}`;
}

/** The rule that admits `email` in `appId` (an exact domain match; subdomains need their own rule), or null. */
export async function domainRuleFor(db: Queryable, appId: string, email: string): Promise<DomainRuleRecord | null> {
  const result = await db.query<{ data: DomainRuleRecord }>(
    `SELECT data FROM entities WHERE app_id = $1 AND entity = $2 AND data->>'domain' = $3 ORDER BY seq LIMIT 1`,
    [appId, ACCESS_ENTITY.domain, emailDomain(email)],
  );
  return result.rows[0]?.data ?? null;
}

/** 400 `domain: is already allowed` when another rule of the app (not `exceptId`) names `domain`. */
export async function refuseDuplicateDomain(db: Queryable, appId: string, domain: string, exceptId?: string): Promise<void> {
  const result = await db.query<{ id: string }>(`SELECT id FROM entities WHERE app_id = $1 AND entity = $2 AND data->>'domain' = $3 AND id <> $4 LIMIT 1`, [
    appId,
    ACCESS_ENTITY.domain,
    domain,
    exceptId ?? '',
  ]);
  if (result.rows.length > 0) throw badRequest('domain', 'is already allowed');
}
