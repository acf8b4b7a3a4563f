import type { Brand } from '../../schemas/brand.ts';
import type { FieldPath } from './contentIssue.ts';
import { formatFieldPath } from './contentIssue.ts';
import { FIGURE_TOKEN } from './figureToken.ts';
import { FIGURE_ATTRIBUTES } from './mdxComponentNames.ts';
import type { ParsedSlide } from './parseSlide.ts';

/** One place that names a figure by id, for the check's messages. */
export interface FigureRef {
  id: string;
  file: string;
  line: number;
  column: number;
  /** `stats[0].figure`, `cards[3].description`, `<Figure id>`. */
  field: string;
  /** How the place names it, so a message can say how to write it. */
  how: 'field' | 'token' | 'element';
}

/** Frontmatter fields that hold a figure's id rather than words. */
const ID_FIELDS: ReadonlyArray<readonly [list: string, field: string]> = [
  ['stats', 'figure'],
  ['cards', 'figure'],
  ['stories', 'amount'],
];

/** The page fields shown in the header before the slide's body: their figures are written out as text. */
export const HEADER_FIELDS = ['title', 'eyebrow'] as const;
/** Page fields that are metadata (labels, link previews, speaker notes): figures written out, no note. */
export const TEXT_ONLY_FIELDS = ['label', 'title', 'eyebrow', 'summary', 'notes'] as const;

/** Every figure a slide names itself, in the order written: id fields, `{id}` in strings, `<Figure id>`. */
export function slideFigureRefs(slide: ParsedSlide): FigureRef[] {
  const refs: FigureRef[] = [];
  const frontmatter = slide.frontmatter as unknown as Record<string, unknown>;
  for (const [list, field] of ID_FIELDS) {
    const items = frontmatter[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item: Record<string, unknown>, index) => {
      const id = item?.[field];
      if (typeof id === 'string') refs.push({ id, file: slide.file, ...slide.locate([list, index, field]), field: `${list}[${index}].${field}`, how: 'field' });
    });
  }
  forEachString(slide.raw, [], (text, path) => {
    for (const match of text.matchAll(FIGURE_TOKEN)) {
      refs.push({ id: match[1]!, file: slide.file, ...placeInField(slide, path, match[0]), field: formatFieldPath(path), how: 'token' });
    }
  });
  for (const element of slide.mdx.elements) {
    const name = FIGURE_ATTRIBUTES[element.name as keyof typeof FIGURE_ATTRIBUTES];
    const attribute = name ? element.attributes[name] : undefined;
    if (attribute?.value)
      refs.push({ id: attribute.value, file: slide.file, line: attribute.line, column: attribute.column, field: `<${element.name} ${name}>`, how: 'element' });
  }
  return refs.sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * The figures a page shows, in order, without repeats: those it names, and those its components show
 * of the brands (`<Ecosystem />` every brand's valuation and investment, `<BrandOverview />` the
 * brand's valuation). Its header's figures come first.
 */
export function figuresShownBy(slide: ParsedSlide, brands: readonly Brand[]): string[] {
  const own = slideFigureRefs(slide);
  const header = own.filter((ref) => HEADER_FIELDS.some((field) => ref.field === field)).map((ref) => ref.id);
  const fromBrands: string[] = [];
  for (const element of slide.mdx.elements) {
    if (element.name === 'Ecosystem') {
      for (const brand of brands) {
        fromBrands.push(...brandTokenIds(brand), ...[brand.valuation, brand.investment].filter((id): id is string => typeof id === 'string'));
      }
    }
    if (element.name === 'BrandOverview') {
      const id = element.attributes.id?.value ?? slide.frontmatter.brand;
      const brand = brands.find((entry) => entry.id === id);
      if (brand?.valuation) fromBrands.push(brand.valuation);
      if (brand) fromBrands.push(...brandTokenIds(brand, ['role']));
    }
  }
  return [...new Set([...header, ...own.map((ref) => ref.id), ...fromBrands])];
}

/** The figures a page names in its header (title, eyebrow): they are part of its notes too. */
export function headerFigures(slide: ParsedSlide): string[] {
  return [
    ...new Set(
      slideFigureRefs(slide)
        .filter((ref) => HEADER_FIELDS.some((field) => ref.field === field))
        .map((ref) => ref.id),
    ),
  ];
}

/** Every string of a parsed YAML value, with its path. */
export function forEachString(node: unknown, path: PropertyKey[], visit: (text: string, path: FieldPath) => void): void {
  if (typeof node === 'string') visit(node, path);
  else if (Array.isArray(node)) node.forEach((item, index) => forEachString(item, [...path, index], visit));
  else if (node && typeof node === 'object') for (const [key, item] of Object.entries(node)) forEachString(item, [...path, key], visit);
}

/**
 * Where `needle` stands inside the field at `path`: on the field's line, or on a following line of a
 * multi-line value; the field's own place when the text is written differently (escapes).
 */
export function placeInField(slide: Pick<ParsedSlide, 'text' | 'locate'>, path: FieldPath, needle: string, from = 0): { line: number; column: number } {
  const at = slide.locate(path);
  const lines = slide.text.split('\n');
  for (let line = at.line; line <= Math.min(lines.length, at.line + 40); line++) {
    const start = line === at.line ? at.column - 1 : 0;
    const index = lines[line - 1]!.indexOf(needle, line === at.line ? start + from : 0);
    if (index >= 0) return { line, column: index + 1 };
  }
  return at;
}

/** `{market.homeEquity}` replaced by the figure's text (`$13.95T`), for fields shown as plain text. */
export function fillFigureTokens(text: string, textOf: (id: string) => string | undefined): string {
  return text.replace(FIGURE_TOKEN, (whole, id: string) => textOf(id) ?? whole);
}

/** The brand fields a page shows as sentences: they may name figures with `{id}` too. */
export const BRAND_WORDS = ['role', 'description'] as const;

/** The figures named in a brand's words (`{market.eligibilityAge}` in its description). */
function brandTokenIds(brand: Brand, fields: ReadonlyArray<(typeof BRAND_WORDS)[number]> = BRAND_WORDS): string[] {
  return fields.flatMap((field) => [...(brand[field] ?? '').matchAll(FIGURE_TOKEN)].map((match) => match[1]!));
}

/** Where each brand's figures are named in brands.yaml: its valuation and investment ids, and `{id}` in its words. */
export function brandFigureRefs(brands: readonly Brand[], source: Pick<ParsedSlide, 'text' | 'locate'>, file: string): FigureRef[] {
  return brands.flatMap((brand, index) => [
    ...(['valuation', 'investment'] as const).flatMap((field) => {
      const id = brand[field];
      return typeof id === 'string'
        ? [{ id, file, ...source.locate(['brands', index, field]), field: `brands[${brand.id}].${field}`, how: 'field' as const }]
        : [];
    }),
    ...BRAND_WORDS.flatMap((field) =>
      [...(brand[field] ?? '').matchAll(FIGURE_TOKEN)].map((match) => ({
        id: match[1]!,
        file,
        ...placeInField(source, ['brands', index, field], match[0]),
        field: `brands[${brand.id}].${field}`,
        how: 'token' as const,
      })),
    ),
  ]);
}
