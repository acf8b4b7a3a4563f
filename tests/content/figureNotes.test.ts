import { describe, expect, it } from 'vitest';
import { assembleDeck } from '../../src/content/assembleDeck.ts';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { realDeckSources, withSlide } from '../fixtures/deckFixture.ts';

const sources = realDeckSources();
const notesOf = (result: ReturnType<typeof assembleDeck>) => result.issues.filter((issue) => issue.severity === 'note').map(formatIssue);
/** `file:line:column` of the first place a text stands in a slide. */
const placeOf = (file: string, text: string) => {
  const lines = sources.slides.find((slide) => slide.file === file)!.text.split('\n');
  const line = lines.findIndex((entry) => entry.includes(text));
  return `${file}:${line + 1}:${lines[line]!.indexOf(text) + 1}`;
};

describe('figures the spec states differently on different pages', () => {
  const notes = notesOf(assembleDeck(sources));

  it('are listed as notes, not errors, with both places', () => {
    expect(notes).toHaveLength(3);
    expect(notes).toContain(
      `${placeOf('slides/executive-summary.mdx', 'under 5%')} note: penetration is "under 5%" here (spec, executive summary: "a $13.95T home-equity market under 5% penetrated"), ` +
        `"Under 3%" at ${placeOf('slides/market.mdx', 'Under 3%')}, ${placeOf('slides/problem.mdx', 'Under 3%')} (spec, problem results and market figures: "under 3% penetration"); ` +
        `both are the spec's figures: keep each, with prose that says what it measures`,
    );
    expect(notes.find((note) => note.includes('the household count'))).toContain(`"27-30M" at ${placeOf('slides/market.mdx', '27-30M')}`);
    expect(notes.find((note) => note.includes('the time to close'))).toContain(`"45-60" at ${placeOf('slides/reverse-desk.mdx', '45-60 days')}`);
  });

  it('leave the deck valid: the check passes with them', () => {
    expect(assembleDeck(sources).issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  });

  it('are no longer noted once one of the two figures is gone', () => {
    const desk = sources.slides.find((slide) => slide.file === 'slides/reverse-desk.mdx')!;
    const result = assembleDeck(withSlide(sources, desk.file, desk.text.replace('45-60 days', '45-60+ days')));
    expect(notesOf(result).filter((note) => note.includes('the time to close'))).toEqual([]);
  });
});
