import type { DeckSettings } from '../../schemas/deckSettings.ts';
import { SAMPLE_SOURCE } from '../../schemas/figure.ts';
import type { LedgerFigure } from './figureLedger.ts';
import { didYouMean } from './closestName.ts';
import type { ContentIssue } from './contentIssue.ts';
import type { YamlSource } from './yamlSource.ts';

/** Blocks of deck.yaml that configure the deck rather than fill its blanks: never samples. */
const NOT_SHOWN = new Set(['platform', 'deck', 'samples']);

/** `partner.name`, `contact.phone`, ...: every value of deck.yaml a page shows. */
export function shownSettingPaths(settings: DeckSettings): string[] {
  const walk = (node: unknown, at: string): string[] =>
    node && typeof node === 'object' && !Array.isArray(node)
      ? Object.entries(node).flatMap(([key, value]) => (at === '' && NOT_SHOWN.has(key) ? [] : walk(value, at ? `${at}.${key}` : key)))
      : [at];
  return walk(settings, '');
}

/** Each entry of `samples:` names a value a page shows; a misspelt one would hide a sample. */
export function checkSamples(settings: DeckSettings, source: Pick<YamlSource, 'file' | 'locate'>): ContentIssue[] {
  const known = shownSettingPaths(settings);
  return (settings.samples ?? []).flatMap((path, index): ContentIssue[] =>
    known.includes(path)
      ? []
      : [
          {
            severity: 'error',
            file: source.file,
            ...source.locate(['samples', index]),
            field: `samples[${index}]`,
            message: `${path} is not a setting a page shows${didYouMean(path, known) || ` (they are ${known.join(', ')})`}`,
          },
        ],
  );
}

/**
 * The one line naming the sample values still in place (deck settings, and ledger figures whose source
 * or as-of date is still "to be supplied"), or undefined when there are none.
 */
export function sampleNotice(
  settings: DeckSettings,
  figures: ReadonlyArray<Pick<LedgerFigure, 'id' | 'source' | 'asOf'>> = [],
  file = 'slides/deck.yaml',
  ledgerFile = 'slides/figures.yaml',
): string | undefined {
  const samples = settings.samples ?? [];
  const unsourced = figures.filter((figure) => figure.source === null || figure.asOf === null).map((figure) => figure.id);
  const parts = [
    ...(samples.length ? [`in ${file} ${samples.join(', ')} (then delete their lines under samples:)`] : []),
    ...(unsourced.length
      ? [`in ${ledgerFile} the source or as-of date of ${unsourced.length} figure(s), still "${SAMPLE_SOURCE}": ${unsourced.join(', ')}`]
      : []),
  ];
  if (parts.length === 0) return undefined;
  return `Sample values still in place, to replace before sharing the deck: ${parts.join('; ')}`;
}
