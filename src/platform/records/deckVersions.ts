import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIGURES_FILE, LEDGER_FORMAT, type LedgerSnapshot } from '../../../schemas/figureLedgerFile.ts';
import { NOTES_DIR } from '../../../schemas/presentingPaths.ts';
import type { DeckVersionEntry, DeckVersionList, VersionFigureChange, ViewerChanges } from '../../../schemas/versionPaths.ts';
import { diffLedgers } from '../../content/ledgerDiff.ts';
import type { Db, Queryable } from '../db/db.ts';

// A version is the content one build served: its whole ledger (every figure, every page's
// fingerprint). The platform records one at start when the build differs from the last recorded
// one; the database decides, so several processes starting on one Postgres record it once.

/** Where the build wrote the ledger: beside the served folder, never in it (stagedBuild.ts). */
export function ledgerFileOf(staticDir: string): string {
  return join(staticDir, '..', NOTES_DIR, FIGURES_FILE);
}

/** The build's ledger, or null without one (no build yet, or a build older than the ledger). */
export async function readLedgerFile(file: string, log: (line: string) => void): Promise<LedgerSnapshot | null> {
  let text: string;
  try {
    // Stryker disable next-line StringLiteral: JSON.parse reads a Buffer as UTF-8 text alike.
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`[versions] cannot read ${file}: ${(error as Error).message}`);
    return null;
  }
  try {
    const parsed = JSON.parse(text) as LedgerSnapshot;
    // (A file holding `null` throws here, and is reported below like any other foreign file.)
    if (parsed.format === LEDGER_FORMAT && parsed.figures && parsed.pages) return parsed;
  } catch {
    /* reported below */
  }
  log(`[versions] ${file} is not a ledger of format ${LEDGER_FORMAT}; no version recorded`);
  return null;
}

// Key order never makes two versions of one content.
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    // Keys in UTF-16 code unit order (sort's own), the order every recorded hash was made in.
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash two builds of the same content share: every figure and every page fingerprint. */
export function contentHash(ledger: LedgerSnapshot): string {
  return createHash('sha256')
    .update(canonical({ figures: ledger.figures, pages: ledger.pages }))
    .digest('hex');
}

/**
 * The version serving `ledger`: the last recorded one when its content is the same, else a new one.
 * An advisory lock held for the transaction orders processes starting together: the second reads the
 * first's row and records nothing.
 */
export async function recordVersion(db: Db, appId: string, ledger: LedgerSnapshot): Promise<{ id: string; created: boolean }> {
  const hash = contentHash(ledger);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('deck_versions'), hashtext($1))`, [appId]);
    const last = await tx.query<{ id: string; content_hash: string }>(
      // deck_versions.id, the number: a bare `id` would be the text the SELECT names so, where "9" > "10".
      'SELECT id::text AS id, content_hash FROM deck_versions WHERE app_id = $1 ORDER BY deck_versions.id DESC LIMIT 1',
      [appId],
    );
    if (last.rows[0]?.content_hash === hash) return { id: last.rows[0].id, created: false };
    const inserted = await tx.query<{ id: string }>('INSERT INTO deck_versions (app_id, content_hash, ledger) VALUES ($1, $2, $3) RETURNING id::text AS id', [
      appId,
      hash,
      JSON.stringify(ledger),
    ]);
    return { id: inserted.rows[0]!.id, created: true };
  });
}

interface VersionRow {
  id: string;
  at: string | Date;
  note: string | null;
  ledger: LedgerSnapshot;
}

/** One version's ledger, or null. */
export async function versionLedger(db: Queryable, appId: string, id: string): Promise<(VersionRow & { at: string }) | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const result = await db.query<VersionRow>('SELECT id::text AS id, at, note, ledger FROM deck_versions WHERE app_id = $1 AND id = $2', [appId, id]);
  const row = result.rows[0];
  return row ? { ...row, at: new Date(row.at).toISOString() } : null;
}

/** A ledger with every object's keys in one order: jsonb hands objects back with its own, and diffLedgers compares values as JSON text. */
function sortedLedger(ledger: LedgerSnapshot): LedgerSnapshot {
  return JSON.parse(canonical(ledger)) as LedgerSnapshot;
}

/** The figures that differ between two ledgers (each with its keys sorted), as the wire names them. */
function sortedFigureChanges(before: LedgerSnapshot, after: LedgerSnapshot): VersionFigureChange[] {
  return diffLedgers(before, after).map((change) => ({
    id: change.id,
    label: change.label,
    change: change.change,
    was: change.before?.text ?? null,
    now: change.after?.text ?? null,
    parts: change.parts,
    pages: change.pages,
  }));
}

/** The figures that differ between two ledgers, as the wire names them. */
export function figureChanges(before: LedgerSnapshot, after: LedgerSnapshot): VersionFigureChange[] {
  return sortedFigureChanges(sortedLedger(before), sortedLedger(after));
}

/** The pages whose words changed between two ledgers (added and removed pages too), in the new deck's order. */
export function pageChanges(before: LedgerSnapshot, after: LedgerSnapshot): DeckVersionEntry['pages'] {
  const pages: DeckVersionEntry['pages'] = [];
  for (const [path, page] of Object.entries(after.pages)) {
    const old = before.pages[path];
    if (!old) pages.push({ path, name: page.name, change: 'added' });
    else if (old.fingerprint !== page.fingerprint) pages.push({ path, name: page.name, change: 'changed' });
  }
  for (const [path, page] of Object.entries(before.pages)) if (!after.pages[path]) pages.push({ path, name: page.name, change: 'removed' });
  return pages;
}

/** What one version changed against the one before it. */
type VersionChanges = Pick<DeckVersionEntry, 'figures' | 'pages'>;

/**
 * The changes between two contents, by their hashes (contentHash: a hash names the whole content,
 * so the pair is the same in every database and process). Read once, as listing 50 versions means
 * reading 50 ledgers of ~20 KB and comparing 49 pairs (~0.1 s here); the oldest go first past the cap.
 */
const changesByHashes = new Map<string, VersionChanges>();
const MAX_CACHED_CHANGES = 2000;

function rememberChanges(key: string, changes: VersionChanges): void {
  changesByHashes.set(key, changes);
  if (changesByHashes.size > MAX_CACHED_CHANGES) changesByHashes.delete(changesByHashes.keys().next().value!);
}

/** Every version of the app, newest first, each with what differs from the one before it. */
export async function listVersions(db: Queryable, appId: string, current: string | null): Promise<DeckVersionList> {
  // deck_versions.id, the number (see recordVersion). The ledgers are read only for changes not known yet.
  const result = await db.query<{ id: string; at: string | Date; note: string | null; content_hash: string }>(
    'SELECT id::text AS id, at, note, content_hash FROM deck_versions WHERE app_id = $1 ORDER BY deck_versions.id',
    [appId],
  );
  const rows = result.rows;
  const keyOf = (index: number) => `${rows[index - 1]!.content_hash}>${rows[index]!.content_hash}`;
  // The first version is the baseline: nothing "changed" in it.
  const changes: (VersionChanges | undefined)[] = rows.map((_, index) => (index === 0 ? { figures: [], pages: [] } : changesByHashes.get(keyOf(index))));
  const unknown = new Set<string>();
  changes.forEach((known, index) => known || unknown.add(rows[index - 1]!.id).add(rows[index]!.id));
  if (unknown.size > 0) {
    const read = await db.query<{ id: string; ledger: LedgerSnapshot }>(
      'SELECT id::text AS id, ledger FROM deck_versions WHERE app_id = $1 AND id = ANY($2::bigint[])',
      [appId, [...unknown]],
    );
    const ledgers = new Map(read.rows.map((row) => [row.id, sortedLedger(row.ledger)]));
    changes.forEach((known, index) => {
      if (known) return;
      const before = ledgers.get(rows[index - 1]!.id)!;
      const after = ledgers.get(rows[index]!.id)!;
      const found = { figures: sortedFigureChanges(before, after), pages: pageChanges(before, after) };
      changes[index] = found;
      rememberChanges(keyOf(index), found);
    });
  }
  const versions: DeckVersionEntry[] = rows.map((row, index) => ({ id: row.id, at: new Date(row.at).toISOString(), note: row.note, ...changes[index]! }));
  return { current, versions: versions.reverse() };
}

/** Sets a version's note (null clears it); false when the app has no such version. */
export async function setVersionNote(db: Queryable, appId: string, id: string, note: string | null): Promise<boolean> {
  if (!/^\d{1,18}$/.test(id)) return false;
  const result = await db.query('UPDATE deck_versions SET note = $3 WHERE app_id = $1 AND id = $2 RETURNING id', [appId, id, note]);
  return result.rows.length > 0;
}

/** The version this process serves: its id and ledger. */
export interface ServedVersion {
  id: string;
  ledger: LedgerSnapshot;
}

/**
 * What changed since the caller's own last visit on an older version: the figures whose value moved
 * (old → new, the pages that show them) and, for each of those pages the caller has not opened at
 * this version since, the figures to mark. Reads only the caller's own records; `{}` on a first visit.
 * `visitId` is the visit asking: its own records are not a "last visit".
 */
export async function viewerChanges(db: Queryable, appId: string, viewerId: string, served: ServedVersion, visitId: string): Promise<ViewerChanges> {
  const mine = `app_id = $1 AND entity = 'SlideView' AND data->>'created_by_id' = $2`;
  const last = await db.query<{ version: string; at: string }>(
    `SELECT data->>'version_id' AS version, data->>'created_date' AS at FROM entities
      WHERE ${mine} AND data->>'version_id' ~ '^[0-9]{1,18}$' AND (data->>'version_id')::bigint < $3::bigint
      ORDER BY seq DESC LIMIT 1`,
    [appId, viewerId, served.id],
  );
  const before = last.rows[0];
  if (!before) return {};
  const old = await versionLedger(db, appId, before.version);
  if (!old) return {};
  const moved = figureChanges(old.ledger, served.ledger).filter((change) => change.change === 'changed' && change.parts.includes('value'));
  if (moved.length === 0) return {};
  const seen = await db.query<{ path: string; other: boolean }>(
    `SELECT DISTINCT data->>'path' AS path, data->>'visit_id' <> $4 AS other FROM entities
      WHERE ${mine} AND data->>'version_id' = $3`,
    [appId, viewerId, served.id, visitId],
  );
  const seenBefore = new Set(seen.rows.filter((row) => row.other).map((row) => row.path));
  const pageName = (path: string) => served.ledger.pages[path]?.name ?? path;
  const marks: NonNullable<ViewerChanges['marks']> = {};
  for (const change of moved) {
    for (const path of change.pages) {
      if (!seenBefore.has(path)) (marks[path] ??= {})[change.id] = change.was!;
    }
  }
  const current = await versionLedger(db, appId, served.id);
  return {
    since: new Date(before.at).toISOString(),
    // Told once: a visit after the first one at this version gets no notice, only its unseen marks.
    notice: seenBefore.size === 0,
    note: current?.note ?? null,
    figures: moved.map((change) => ({
      id: change.id,
      label: change.label,
      was: change.was!,
      now: change.now!,
      pages: change.pages.map((path) => ({ path, name: pageName(path) })),
    })),
    marks,
  };
}
