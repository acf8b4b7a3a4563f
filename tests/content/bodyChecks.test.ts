import { describe, expect, it } from 'vitest';
import { assembleDeck } from '../../src/content/assembleDeck.ts';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { fixture, realDeckSources, withExtraSlide, withSlide } from '../fixtures/deckFixture.ts';

const sources = realDeckSources();
const errorsOf = (result: ReturnType<typeof assembleDeck>) => result.issues.filter((issue) => issue.severity === 'error').map(formatIssue);
const withAppendix = (name: string) => assembleDeck(withExtraSlide(sources, 'slides/appendix.mdx', fixture(`broken/${name}`)));

describe('slide bodies, compiled as the build compiles them', () => {
  it('name an unknown component at its tag, with the closest known name', () => {
    expect(errorsOf(withAppendix('misspelt-component.mdx'))).toEqual([
      'slides/appendix.mdx:10:1 <BrandOverveiw>: is not a slide component (did you mean BrandOverview?)',
    ]);
  });

  it('report an unclosed tag at the tag, not at the end of the file', () => {
    expect(errorsOf(withAppendix('unclosed-tag.mdx'))).toEqual([
      'slides/appendix.mdx:10:1 MDX syntax: Expected a closing tag for `<Note>`: close it with </Note>, or write <Note /> if it wraps nothing',
    ]);
  });

  it('report every internal link that names no page, every typed path and every missing image', () => {
    expect(errorsOf(withAppendix('stale-link.mdx'))).toEqual([
      'slides/appendix.mdx:8:11 cards[0].link: no page is named CoreTech (did you mean CoreTechnology?)',
      'slides/appendix.mdx:11:23 <SlideLink to="CoreTech">: no page is named CoreTech (did you mean CoreTechnology?)',
      'slides/appendix.mdx:11:70 /market: links inside the deck are written by page name: <SlideLink to="Market">',
      'slides/appendix.mdx:12:13 <LinkButton to="/coretechnology">: links are written by page name, not by path: write CoreTechnology',
      'slides/appendix.mdx:14:1 /charts/market.png: no such image in public/ (images are served from public/, written as /charts/market.png)',
    ]);
  });

  it('accept an image that public/ holds', () => {
    const text = fixture('broken/stale-link.mdx').replace(
      /^[\s\S]*?---\n[\s\S]*?---\n[\s\S]*$/,
      `---\nname: Appendix\nlabel: Appendix\noutsideDeck: true\ntitle: Appendix\n---\n\n![REMO](/remo-mascot.svg)\n`,
    );
    expect(errorsOf(assembleDeck(withExtraSlide(sources, 'slides/appendix.mdx', text)))).toEqual([]);
  });

  it('make a renamed page one edit: every link still naming the old name is an error', () => {
    const core = sources.slides.find((slide) => slide.file === 'slides/core-technology.mdx')!;
    const errors = errorsOf(assembleDeck(withSlide(sources, core.file, core.text.replace('name: CoreTechnology', 'name: CoreTech'))));
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(/(<LinkButton to="CoreTechnology">|link): no page is named CoreTechnology \(did you mean CoreTech\?\)$/);
  });

  it('name a BrandOverview id that is no brand, with the closest id', () => {
    const text = fixture('broken/misspelt-component.mdx').replace('BrandOverveiw id="remo-ai"', 'BrandOverview id="remo-ia"');
    expect(errorsOf(assembleDeck(withExtraSlide(sources, 'slides/appendix.mdx', text)))).toEqual([
      'slides/appendix.mdx:10:16 <BrandOverview id="remo-ia">: no brand has id remo-ia (did you mean remo-ai?)',
    ]);
  });
});
