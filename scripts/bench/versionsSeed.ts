import type { SlideViewRecord } from '../../schemas/engagementPaths.ts';
import type { LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { contentHash } from '../../src/platform/records/deckVersions.ts';

/** How far apart the seeded versions were first served: 50 of them span about ten days, as do the seeded visits. */
const VERSION_EVERY_MS = 5 * 3_600_000;

/** Figures each seeded version changes, and pages whose words it changes. */
const FIGURES_PER_VERSION = 3;
const PAGES_PER_VERSION = 2;

/**
 * `count` ledgers, each the one before with a few figures' values moved and a few pages reworded (the
 * first is the build's own): what the owners' weekly updates would leave. The last is the one served.
 */
export function versionLedgers(base: LedgerSnapshot, count: number): LedgerSnapshot[] {
  const figureIds = Object.keys(base.figures);
  const pagePaths = Object.keys(base.pages);
  const ledgers: LedgerSnapshot[] = [base];
  for (let i = 1; i < count; i++) {
    const next = structuredClone(ledgers[i - 1]!);
    for (let k = 0; k < FIGURES_PER_VERSION; k++) {
      const id = figureIds[(i * FIGURES_PER_VERSION + k) % figureIds.length]!;
      const figure = next.figures[id]!;
      // A new value and its text; the shape of a value does not matter to the versions' differences (compared as JSON).
      next.figures[id] = { ...figure, value: { ...figure.value, bench: i } as never, text: `${base.figures[id]!.text} (rev. ${i})` };
    }
    for (let k = 0; k < PAGES_PER_VERSION; k++) {
      const path = pagePaths[(i * PAGES_PER_VERSION + k) % pagePaths.length]!;
      next.pages[path] = { ...next.pages[path]!, fingerprint: `${base.pages[path]!.fingerprint}-rev-${i}` };
    }
    ledgers.push(next);
  }
  return ledgers;
}

/** The time the seeded version `index` (0: the first) was first served, the last being `now`. */
export function versionTime(index: number, count: number, now: number): number {
  return now - (count - 1 - index) * VERSION_EVERY_MS;
}

/**
 * Writes the versions as the platform records them (deck_versions: the time, the whole ledger, its
 * hash), each with a note an admin gave it; returns their ids, oldest first.
 */
export async function seedVersions(db: Db, appId: string, ledgers: readonly LedgerSnapshot[], now: number): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, ledger] of ledgers.entries()) {
    const row = await db.query<{ id: string }>(
      'INSERT INTO deck_versions (app_id, at, content_hash, ledger, note) VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id',
      [
        appId,
        new Date(versionTime(index, ledgers.length, now)).toISOString(),
        contentHash(ledger),
        JSON.stringify(ledger),
        index === 0 ? null : `Weekly update ${index}: revised figures`,
      ],
    );
    ids.push(row.rows[0]!.id);
  }
  return ids;
}

/** Stamps each record with the version served when it was made (what the platform does as it stores one). */
export function stampVersions(records: SlideViewRecord[], ids: readonly string[], now: number): SlideViewRecord[] {
  return records.map((record) => {
    const at = Date.parse(record.created_date);
    let index = ids.length - 1;
    while (index > 0 && versionTime(index, ids.length, now) > at) index--;
    return { ...record, version_id: ids[index]! };
  });
}
