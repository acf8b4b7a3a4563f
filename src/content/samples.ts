import type { DeckSettings } from '../../schemas/deckSettings.ts';
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
      : [{
          severity: 'error',
          file: source.file,
          ...source.locate(['samples', index]),
          field: `samples[${index}]`,
          message: `${path} is not a setting a page shows${didYouMean(path, known) || ` (they are ${known.join(', ')})`}`,
        }],
  );
}

/** The one line naming the sample values still in place, or undefined when there are none. */
export function sampleNotice(settings: DeckSettings, file = 'slides/deck.yaml'): string | undefined {
  const samples = settings.samples ?? [];
  if (samples.length === 0) return undefined;
  return `Sample values still in place: ${samples.join(', ')} — replace them in ${file} (and delete their lines under samples:) before sharing the deck`;
}
