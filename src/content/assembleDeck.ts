import { BrandsFile } from '../../schemas/brand.ts';
import { DeckSettings } from '../../schemas/deckSettings.ts';
import { crossCheck } from './crossChecks.ts';
import type { ContentIssue } from './contentIssue.ts';
import { unknownToken } from './unknownToken.ts';
import type { DeckContent, SlideRecord } from './deckContent.ts';
import { deckTokens, fillTokens, PLACEHOLDER_TOKENS, settingsTokens } from './deckTokens.ts';
import { parseSlide, type ParsedSlide } from './parseSlide.ts';
import { checkReferences } from './referenceChecks.ts';
import { figureNotes } from './figureNotes.ts';
import { MDX_COMPONENT_NAMES, type MdxComponentName } from './mdxComponentNames.ts';
import { checkSamples } from './samples.ts';
import { slidePath } from './slidePath.ts';
import { parseYamlSource, validateYamlSource } from './yamlSource.ts';

/** The texts of the content files, keyed by their project-relative paths. */
export interface DeckSources {
  settings: { file: string; text: string };
  brands: { file: string; text: string };
  slides: ReadonlyArray<{ file: string; text: string }>;
  /** Every file under public/ as the site serves it (`/remo-mascot.svg`), for the image check. */
  publicFiles: ReadonlySet<string>;
}

/** Pure: every content file's text in, the validated deck and every issue (all at once) out. */
export function assembleDeck(sources: DeckSources): { content?: DeckContent; issues: ContentIssue[] } {
  const { content, issues } = assembleUnsorted(sources);
  return { content, issues: [...issues, ...figureNotes(sources.slides)].sort(byPlace) };
}

/** A compiler's order: by file, then line, then column (the sort is stable for issues at one place). */
function byPlace(a: ContentIssue, b: ContentIssue): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
}

function assembleUnsorted(sources: DeckSources): { content?: DeckContent; issues: ContentIssue[] } {
  const settingsSource = parseYamlSource(sources.settings.file, sources.settings.text);
  const brandsSource = parseYamlSource(sources.brands.file, sources.brands.text);
  const settings = validateYamlSource(settingsSource, DeckSettings);
  const issues = [...settingsSource.issues, ...brandsSource.issues, ...settings.issues];
  if (settings.value) issues.push(...checkSamples(settings.value, settingsSource));
  const filledBrands = fillTokens(brandsSource.data, settings.value ? settingsTokens(settings.value) : PLACEHOLDER_TOKENS);
  if (settings.value) issues.push(...filledBrands.unknown.map(({ path, token }) => unknownToken(brandsSource, path, token)));
  const brands = validateYamlSource(brandsSource, BrandsFile, filledBrands.value);
  issues.push(...brands.issues);

  // Every slide is checked even when a settings file is broken, so one run reports every error;
  // blanks then read as placeholders and the cross-checks wait for valid settings.
  const tokens = settings.value && brands.value ? deckTokens(settings.value, brands.value) : PLACEHOLDER_TOKENS;
  const parsed: ParsedSlide[] = [];
  for (const { file, text } of sources.slides) {
    const result = parseSlide(file, text, tokens);
    issues.push(...result.issues);
    if (result.slide) parsed.push(result.slide);
  }
  const brandIds = brands.value?.brands.map((brand) => brand.id);
  const pageNames = parsed.map((slide) => slide.frontmatter.name);
  issues.push(...checkReferences(parsed, { pageNames, publicFiles: sources.publicFiles, brandIds }));
  if (!settings.value || !brands.value || !brandIds) return { issues };

  const content: DeckContent = {
    settings: settings.value,
    stated: brands.value.stated,
    brands: brands.value.brands,
    slides: parsed.map((slide) => toRecord(slide, brandIds)).sort(deckOrder),
    notes: notesByPath(parsed),
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

function toRecord(slide: ParsedSlide, allBrandIds: readonly string[]): SlideRecord {
  const { file, frontmatter: fm } = slide;
  // Speaker notes stay out of the record (its `records` go into the slide's chunk): see notesByPath.
  const { name, label, order, layout, title, eyebrow, tagline, summary, outsideDeck: _, notes: __, ...records } = fm;
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
    brandIds: brandIdsOf(slide, allBrandIds),
    components: componentsOf(slide),
  };
}

/** Each page's speaker notes by its path, for the build's server-only notes file. */
function notesByPath(parsed: readonly ParsedSlide[]): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const { frontmatter } of parsed) if (frontmatter.notes) notes[slidePath(frontmatter.name)] = frontmatter.notes;
  return notes;
}

function deckOrder(a: SlideRecord, b: SlideRecord): number {
  if (a.order !== null && b.order !== null) return a.order - b.order;
  if (a.order !== null || b.order !== null) return a.order === null ? 1 : -1;
  return a.name.localeCompare(b.name);
}

