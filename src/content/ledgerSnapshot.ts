import { createHash } from 'node:crypto';
import { LEDGER_FORMAT, type LedgerSnapshot } from '../../schemas/figureLedgerFile.ts';
import type { DeckContent } from './deckContent.ts';

/**
 * The ledger as the server keeps it (schemas/figureLedgerFile.ts): every figure with its value, text,
 * source, as-of date and the pages that show it, every page with the figures it shows and a fingerprint
 * of its own words. Pure but for the hash; names no partner (settings are not part of it).
 */
export function ledgerSnapshot(content: Pick<DeckContent, 'figures' | 'slides' | 'pageWords'>): LedgerSnapshot {
  const pagesOf = new Map<string, string[]>();
  for (const slide of content.slides) {
    for (const id of slide.figureIds) pagesOf.set(id, [...(pagesOf.get(id) ?? []), slide.path]);
  }
  const figures: LedgerSnapshot['figures'] = {};
  for (const [id, figure] of Object.entries(content.figures)) {
    figures[id] = { label: figure.label, value: figure.value, text: figure.text, source: figure.source, asOf: figure.asOf, pages: pagesOf.get(id) ?? [] };
  }
  const pages: LedgerSnapshot['pages'] = {};
  for (const slide of content.slides) {
    const words = content.pageWords[slide.path] ?? '';
    pages[slide.path] = {
      name: slide.name,
      label: slide.label,
      order: slide.order,
      fingerprint: createHash('sha256').update(words).digest('hex'),
      figures: slide.figureIds,
    };
  }
  return { format: LEDGER_FORMAT, figures, pages };
}

/** A snapshot with no figures and no pages: the ledger before there was one. */
export function emptySnapshot(): LedgerSnapshot {
  return { format: LEDGER_FORMAT, figures: {}, pages: {} };
}
