import { BrandsFile } from '../../schemas/brand.ts';
import { DeckSettings } from '../../schemas/deckSettings.ts';
import { crossCheck } from './crossChecks.ts';
import type { ContentIssue } from './contentIssue.ts';
import { unknownToken } from './unknownToken.ts';
import type { DeckContent, SlideRecord } from './deckContent.ts';
import { deckTokens, fillTokens, PLACEHOLDER_TOKENS } from './deckTokens.ts';
import { checkFigures } from './figureChecks.ts';
import { parseLedger, type FigureLedger } from './figureLedger.ts';
import { fillFigureTokens, figuresShownBy, headerFigures, TEXT_ONLY_FIELDS } from './figureRefs.ts';
import { parseSlide, type ParsedSlide } from './parseSlide.ts';
import { checkReferences } from './referenceChecks.ts';
import { MDX_COMPONENT_NAMES, type MdxComponentName } from './mdxComponentNames.ts';
import { checkSamples } from './samples.ts';
import { shownSettings } from './sampleStandIns.ts';
import { slidePath } from './slidePath.ts';
import { normalizeSourceText } from './sourceText.ts';
import { parseYamlSource, validateYamlSource } from './yamlSource.ts';

/** The texts of the content files, keyed by their project-relative paths. */
export interface DeckSources {
  settings: { file: string; text: string };
  brands: { file: string; text: string };
  /** The figures ledger, slides/figures.yaml. */
  figures: { file: string; text: string };
  slides: ReadonlyArray<{ file: string; text: string }>;
  /** Every file under public/ as the site serves it (`/remo-mascot.svg`), for the image check. */
  publicFiles: ReadonlySet<string>;
  /** Today as `YYYY-MM-DD`, for the age of the ledger's as-of dates (the real date when not given). */
  today?: string;
}

/** Pure: every content file's text in, the validated deck and every issue (all at once) out. */
export function assembleDeck(sources: DeckSources): { content?: DeckContent; issues: ContentIssue[] } {
  const { content, issues } = assembleUnsorted(sources);
  return { content, issues: issues.sort(byPlace) };
}

/** A compiler's order: by file, then line, then column (the sort is stable for issues at one place). */
function byPlace(a: ContentIssue, b: ContentIssue): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
}

function assembleUnsorted(sources: DeckSources): { content?: DeckContent; issues: ContentIssue[] } {
  const settingsSource = parseYamlSource(sources.settings.file, sources.settings.text);
  const brandsSource = parseYamlSource(sources.brands.file, sources.brands.text);
  const settings = validateYamlSource(settingsSource, DeckSettings);
  const ledger = parseLedger(sources.figures.file, sources.figures.text);
  const issues = [...settingsSource.issues, ...brandsSource.issues, ...settings.issues, ...ledger.issues];
  if (settings.value) issues.push(...checkSamples(settings.value, settingsSource));
  const tokens = settings.value ? deckTokens(shownSettings(settings.value)) : PLACEHOLDER_TOKENS;
  const filledBrands = fillTokens(brandsSource.data, tokens);
  if (settings.value) issues.push(...filledBrands.unknown.map(({ path, token }) => unknownToken(brandsSource, path, token)));
  const brands = validateYamlSource(brandsSource, BrandsFile, filledBrands.value);
  issues.push(...brands.issues);

  // Every slide is checked even when a settings file is broken, so one run reports every error;
  // blanks then read as placeholders and the cross-checks wait for valid settings.
  const parsed: ParsedSlide[] = [];
  for (const { file, text } of sources.slides) {
    const result = parseSlide(file, text, tokens);
    issues.push(...result.issues);
    if (result.slide) parsed.push(result.slide);
  }
  const brandIds = brands.value?.brands.map((brand) => brand.id);
  const pageNames = parsed.map((slide) => slide.frontmatter.name);
  issues.push(...checkReferences(parsed, { pageNames, publicFiles: sources.publicFiles, brandIds }));
  if (ledger.ledger) {
    issues.push(
      ...checkFigures({
        ledger: ledger.ledger,
        slides: parsed,
        ...(brands.value && { brands: { brands: brands.value.brands, source: brandsSource, text: normalizeSourceText(sources.brands.text) } }),
        today: sources.today ?? new Date().toISOString().slice(0, 10),
      }),
    );
  }
  if (!settings.value || !brands.value || !brandIds || !ledger.ledger) return { issues };

  const allBrands = brands.value.brands;
  const content: DeckContent = {
    settings: settings.value,
    brands: allBrands,
    figures: Object.fromEntries(ledger.ledger.figures),
    slides: parsed.map((slide) => toRecord(slide, allBrands, ledger.ledger!)).sort(deckOrder),
    notes: notesByPath(parsed, ledger.ledger),
    pageWords: pageWordsByPath(parsed, sources, allBrands),
  };
  issues.push(...crossCheck(content, parsed, { brands: brandsSource, settings: settingsSource }, sources.slides.length - parsed.length));
  return { content, issues };
}

/** The brands a page shows, so its chunk carries those records and no others. */
function brandIdsOf(slide: ParsedSlide, allIds: readonly string[]): string[] {
  if (/<Ecosystem\b/.test(slide.body)) return [...allIds];
  const named = [...slide.body.matchAll(/<BrandOverview\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]!);
  const { brand, brands = [] } = slide.frontmatter;
  return [...new Set([...(brand ? [brand] : []), ...brands, ...named])].filter((id) => allIds.includes(id));
}

/** The known components the body names, once each, in a stable order. */
function componentsOf(slide: ParsedSlide): MdxComponentName[] {
  const used = new Set(slide.mdx.elements.map((element) => element.name));
  return MDX_COMPONENT_NAMES.filter((name) => used.has(name));
}

function toRecord(slide: ParsedSlide, allBrands: DeckContent['brands'], ledger: FigureLedger): SlideRecord {
  const { file } = slide;
  // Labels, headings, link previews and notes show a figure as plain text; records keep `{id}`, which
  // the slide's components show with its source note.
  const asText = (text: string) => fillFigureTokens(text, (id) => ledger.figures.get(id)?.text);
  const fm = { ...slide.frontmatter };
  for (const field of TEXT_ONLY_FIELDS) if (typeof fm[field] === 'string') (fm as Record<string, unknown>)[field] = asText(fm[field]);
  // Speaker notes stay out of the record (its `records` go into the slide's chunk): see notesByPath.
  const { name, label, order, layout, title, eyebrow, tagline, summary, outsideDeck: _, notes: __, ...records } = fm;
  const figureIds = figuresShownBy(slide, allBrands).filter((id) => ledger.figures.has(id));
  return {
    file,
    name,
    path: slidePath(name),
    label,
    order: order ?? null,
    layout: layout ?? 'content',
    title,
    ...(eyebrow && { eyebrow }),
    ...(tagline && { tagline }),
    ...(summary && { summary }),
    ...(fm.brand && { brand: fm.brand }),
    records,
    brandIds: brandIdsOf(
      slide,
      allBrands.map((brand) => brand.id),
    ),
    components: componentsOf(slide),
    figureIds,
    headerFigureIds: headerFigures(slide).filter((id) => ledger.figures.has(id)),
  };
}

/** Each page's speaker notes by its path, for the build's server-only notes file. */
function notesByPath(parsed: readonly ParsedSlide[], ledger: FigureLedger): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const { frontmatter } of parsed) {
    if (frontmatter.notes) notes[slidePath(frontmatter.name)] = fillFigureTokens(frontmatter.notes, (id) => ledger.figures.get(id)?.text);
  }
  return notes;
}

/** Each page's own words (see DeckContent.pageWords): its file as written and the brand records it shows. */
function pageWordsByPath(parsed: readonly ParsedSlide[], sources: DeckSources, brands: DeckContent['brands']): Record<string, string> {
  const words: Record<string, string> = {};
  for (const slide of parsed) {
    const shown = brands.filter((brand) =>
      brandIdsOf(
        slide,
        brands.map((entry) => entry.id),
      ).includes(brand.id),
    );
    const text = normalizeSourceText(sources.slides.find((entry) => entry.file === slide.file)?.text ?? slide.text);
    words[slidePath(slide.frontmatter.name)] = `${text}\n${JSON.stringify(shown)}`;
  }
  return words;
}

function deckOrder(a: SlideRecord, b: SlideRecord): number {
  if (a.order !== null && b.order !== null) return a.order - b.order;
  if (a.order !== null || b.order !== null) return a.order === null ? 1 : -1;
  return a.name.localeCompare(b.name);
}
