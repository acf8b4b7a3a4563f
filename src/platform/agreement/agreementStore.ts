import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AGREEMENT_FILE, type AgreementText } from '../../../schemas/agreement.ts';
import type { AgreementAcceptance } from '../../../schemas/agreementPaths.ts';
import { NOTES_DIR } from '../../../schemas/presentingPaths.ts';
import type { Queryable } from '../db/db.ts';

// The confidentiality agreement the platform serves (the build's, beside dist/ and never in it) and
// who accepted which version of it, when, from where.

/** Where the build wrote the agreement for the deck served from `staticDir`. */
export function agreementFileOf(staticDir: string): string {
  return join(staticDir, '..', NOTES_DIR, AGREEMENT_FILE);
}

/** The build's agreement, or null when the deck has none (no slides/agreement.md); a broken file is logged and read as none. */
export async function readAgreementFile(file: string, log: (line: string) => void): Promise<AgreementText | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`[agreement] cannot read ${file}: ${(error as Error).message}`);
    return null;
  }
  try {
    const parsed = JSON.parse(text) as AgreementText;
    if (typeof parsed?.title === 'string' && typeof parsed.html === 'string' && typeof parsed.version === 'string') return parsed;
  } catch {
    /* reported below */
  }
  // Shown to no one rather than half: the operator rebuilds.
  log(`[agreement] ${file} is not an agreement the build wrote; partners are not asked to accept one`);
  return null;
}

/** Whether the person accepted this version of the agreement. */
export async function hasAccepted(db: Queryable, appId: string, userId: string, version: string): Promise<boolean> {
  const found = await db.query('SELECT 1 FROM agreement_acceptances WHERE app_id = $1 AND user_id = $2 AND version = $3', [appId, userId, version]);
  return found.rows.length > 0;
}

/** Records an acceptance (a second one of the same version keeps the first's time and address); true when this one is new. */
export async function recordAcceptance(
  db: Queryable,
  appId: string,
  who: { id: string; email: string },
  agreement: AgreementText,
  origin: { address: string | null; userAgent: string | null },
): Promise<boolean> {
  const stored = await db.query(
    `INSERT INTO agreement_acceptances (app_id, user_id, version, title, email, address, user_agent) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (app_id, user_id, version) DO NOTHING RETURNING user_id`,
    [appId, who.id, agreement.version, agreement.title, who.email, origin.address, origin.userAgent],
  );
  return stored.rows.length > 0;
}

/** Every acceptance of the app, newest first. */
export async function listAcceptances(db: Queryable, appId: string): Promise<AgreementAcceptance[]> {
  const rows = await db.query<{ user_id: string; email: string; version: string; title: string; accepted_at: Date | string; address: string | null }>(
    'SELECT user_id, email, version, title, accepted_at, address FROM agreement_acceptances WHERE app_id = $1 ORDER BY accepted_at DESC, user_id',
    [appId],
  );
  return rows.rows.map((row) => ({ ...row, accepted_at: new Date(row.accepted_at).toISOString() }));
}
