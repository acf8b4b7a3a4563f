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

/** What still holds sample values: settings of deck.yaml (`partner.name`) and figures without a source or as-of date. */
export interface SampleValues {
  settings: string[];
  unsourced: string[];
}

/** The sample values of the content: deck.yaml's `samples:` list, and every figure whose source or as-of date is still "to be supplied". */
export function sampleValues(settings: DeckSettings, figures: ReadonlyArray<Pick<LedgerFigure, 'id' | 'source' | 'asOf'>> = []): SampleValues {
  return {
    settings: [...(settings.samples ?? [])],
    unsourced: figures.filter((figure) => figure.source === null || figure.asOf === null).map((figure) => figure.id),
  };
}

/** The command that lists every sample value (the notice gives only counts). */
export const LIST_SAMPLES_COMMAND = 'npm run check -- --samples';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The one short line of what is still sample, counts only, with the command that lists them; undefined
 * when nothing is. Printed by every check, build and start, so it stays one line whatever the count.
 */
export function sampleNotice(
  settings: DeckSettings,
  figures: ReadonlyArray<Pick<LedgerFigure, 'id' | 'source' | 'asOf'>> = [],
  file = 'slides/deck.yaml',
  ledgerFile = 'slides/figures.yaml',
): string | undefined {
  const samples = sampleValues(settings, figures);
  const parts = [
    ...(samples.settings.length ? [`${count(samples.settings.length, 'sample value', 'sample values')} in ${file}`] : []),
    ...(samples.unsourced.length ? [`${count(samples.unsourced.length, 'figure', 'figures')} without a source in ${ledgerFile}`] : []),
  ];
  if (parts.length === 0) return undefined;
  return `Not ready to share: ${parts.join(' and ')}; ${LIST_SAMPLES_COMMAND} lists them.`;
}

/** Every sample value, one a line under its file, as `npm run check -- --samples` prints them; empty when none. */
export function sampleList(
  settings: DeckSettings,
  figures: ReadonlyArray<Pick<LedgerFigure, 'id' | 'source' | 'asOf'>> = [],
  file = 'slides/deck.yaml',
  ledgerFile = 'slides/figures.yaml',
): string[] {
  const samples = sampleValues(settings, figures);
  return [
    ...(samples.settings.length
      ? [`${file}: ${count(samples.settings.length, 'setting holds', 'settings hold')} a sample value (replace each, then delete its line under samples:)`]
      : []),
    ...samples.settings.map((path) => `  ${path}`),
    ...(samples.unsourced.length
      ? [`${ledgerFile}: ${count(samples.unsourced.length, 'figure has', 'figures have')} no source or as-of date yet (still "${SAMPLE_SOURCE}")`]
      : []),
    ...samples.unsourced.map((id) => `  ${id}`),
  ];
}
