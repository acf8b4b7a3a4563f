import type { AppRow } from './apps.ts';
import { nowIso, type Queryable } from '../db/db.ts';
import { domainRuleFor } from './domainRules.ts';
import { findUserById, type UserRow } from './users.ts';

/**
 * Lets in a person whose proven mailbox lies in an allowed domain (an AccessDomain rule), the first
 * time they reach the gate: invited, invited now, with the rule's role. Anyone already invited, not
 * verified, revoked or an admin is returned as is, before any query, so admitted people pay nothing.
 */
export async function admitByDomain(db: Queryable, app: AppRow, user: UserRow, log: (line: string) => void): Promise<UserRow> {
  if (user.invited || !user.email_verified || user.revoked_at || user.role === 'admin') return user;
  const rule = await domainRuleFor(db, app.id, user.email);
  if (!rule) return user;
  // Conditional, so of two calls racing only one admits (and logs); revocation in between wins.
  const admitted = await db.query<UserRow>(
    `UPDATE users SET invited = true, invited_at = now(), role = $2, updated_date = $3
     WHERE id = $1 AND NOT invited AND revoked_at IS NULL RETURNING *`,
    [user.id, rule.role, nowIso()],
  );
  const row = admitted.rows[0];
  if (!row) return (await findUserById(db, app.id, user.id)) ?? user;
  log(`[access] ${row.email} joined through ${rule.domain}`);
  return row;
}
