import type { LedgerFigureRecord, LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';

/** What changed about one figure between two ledgers. */
export interface FigureChange {
  id: string;
  /** The figure's label (the new one, or the old one of a removed figure). */
  label: string;
  change: 'added' | 'removed' | 'changed';
  /** Which parts changed, for a changed figure. */
  parts: Array<'value' | 'source' | 'asOf' | 'label'>;
  before?: Pick<LedgerFigureRecord, 'text' | 'source' | 'asOf' | 'label'>;
  after?: Pick<LedgerFigureRecord, 'text' | 'source' | 'asOf' | 'label'>;
  /** Paths of the pages that show it now (for a removed figure: that showed it), in deck order. */
  pages: string[];
}

/**
 * Pure: every figure whose value, source, as-of date or label differs between two ledger snapshots,
 * and every figure added or removed, in the new ledger's order (removed ones last). A page that only
 * moved a figure is not a change of the figure. Deck versions diff the same snapshots.
 */
export function diffLedgers(before: LedgerSnapshot, after: LedgerSnapshot): FigureChange[] {
  const changes: FigureChange[] = [];
  const pick = ({ text, source, asOf, label }: LedgerFigureRecord) => ({ text, source, asOf, label });
  for (const [id, figure] of Object.entries(after.figures)) {
    const old = before.figures[id];
    if (!old) {
      changes.push({ id, label: figure.label, change: 'added', parts: [], after: pick(figure), pages: figure.pages });
      continue;
    }
    const parts: FigureChange['parts'] = [];
    if (old.text !== figure.text || JSON.stringify(old.value) !== JSON.stringify(figure.value)) parts.push('value');
    if (old.source !== figure.source) parts.push('source');
    if (old.asOf !== figure.asOf) parts.push('asOf');
    if (old.label !== figure.label) parts.push('label');
    if (parts.length) changes.push({ id, label: figure.label, change: 'changed', parts, before: pick(old), after: pick(figure), pages: figure.pages });
  }
  for (const [id, figure] of Object.entries(before.figures)) {
    if (!after.figures[id]) changes.push({ id, label: figure.label, change: 'removed', parts: [], before: pick(figure), pages: figure.pages });
  }
  return changes;
}

/** The paths of every page a change shows on, each once, in the order the changes name them. */
export function pagesAffected(changes: readonly FigureChange[]): string[] {
  return [...new Set(changes.flatMap((change) => change.pages))];
}

const NONE = 'to be supplied';

/**
 * The changes as Markdown list items, for a pull request's description and a terminal alike:
 * `` - `market.homeEquity` (Home equity): $13.95T → $13.96T; shown on Market (/market) ``.
 */
export function formatFigureChanges(changes: readonly FigureChange[], pageName: (path: string) => string): string[] {
  const shown = (pages: readonly string[], verb: string) =>
    pages.length ? `; ${verb} ${pages.map((path) => `${pageName(path)} (${path})`).join(', ')}` : `; ${verb} no page`;
  return changes.map((change) => {
    const head = `- \`${change.id}\` (${change.label})`;
    if (change.change === 'added') return `${head}: added, ${change.after!.text}${shown(change.pages, 'shown on')}`;
    if (change.change === 'removed') return `${head}: removed, was ${change.before!.text}${shown(change.pages, 'was shown on')}`;
    const { before, after } = change as Required<Pick<FigureChange, 'before' | 'after'>>;
    const what = change.parts.map((part) => {
      if (part === 'value') return `${before.text} → ${after.text}`;
      if (part === 'label') return `label "${before.label}" → "${after.label}"`;
      const name = part === 'asOf' ? 'as of' : 'source';
      return `${name} ${before[part] ?? NONE} → ${after[part] ?? NONE}`;
    });
    return `${head}: ${what.join('; ')}${shown(change.pages, 'shown on')}`;
  });
}
