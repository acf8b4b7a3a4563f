import { DIVERGENT_FIGURES } from '../../schemas/deckRules.ts';
import type { ContentIssue } from './contentIssue.ts';

interface Place {
  file: string;
  line: number;
  column: number;
  text: string;
}

/**
 * Notes for the figures the spec states differently on different pages (under 5% and under 3%
 * penetration, ...): one note per measure, at its first place, naming every other place.
 */
export function figureNotes(slides: ReadonlyArray<{ file: string; text: string }>): ContentIssue[] {
  const notes: ContentIssue[] = [];
  for (const { measure, variants } of DIVERGENT_FIGURES) {
    const [first, second] = variants.map((variant) => placesOf(slides, variant.pattern));
    if (!first!.length || !second!.length) continue;
    const [at, ...alsoFirst] = first!;
    const where = (places: Place[]) => places.map((place) => `${place.file}:${place.line}:${place.column}`).join(', ');
    notes.push({
      severity: 'note',
      file: at!.file,
      line: at!.line,
      column: at!.column,
      field: '',
      message:
        `${measure} is "${at!.text}" here${alsoFirst.length ? ` and at ${where(alsoFirst)}` : ''} (spec, ${variants[0].stated}), ` +
        `"${second![0]!.text}" at ${where(second!)} (spec, ${variants[1].stated}); both are the spec's figures: keep each, with prose that says what it measures`,
    });
  }
  return notes;
}

function placesOf(slides: ReadonlyArray<{ file: string; text: string }>, pattern: RegExp): Place[] {
  return slides.flatMap(({ file, text }) =>
    text.split('\n').flatMap((line, index) =>
      [...line.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))].map((match) => ({
        file,
        line: index + 1,
        column: match.index + 1,
        text: match[0],
      })),
    ),
  );
}
