import { DEFAULT_DECK_LENGTH, ECOSYSTEM_GROUP_SIZES } from '../../schemas/deckRules.ts';
import { formatFieldPath, type ContentIssue, type FieldPath } from './contentIssue.ts';
import type { DeckContent } from './deckContent.ts';
import type { ParsedSlide } from './parseSlide.ts';
import type { YamlSource } from './yamlSource.ts';
import { didYouMean } from './closestName.ts';

/** Where a field stands; with the file's data, list items are named by id. */
type Locator = Pick<YamlSource, 'file' | 'locate'> & { data?: unknown };

/**
 * The deck's shape checked against itself: the order and the deck length, routes, brand
 * references and the ecosystem's groups. Figures stated about the brands as a whole (10 brands, the
 * total valuation) are checked in the figures ledger (figureChecks.ts).
 */
export function crossCheck(
  content: DeckContent,
  slides: readonly ParsedSlide[],
  sources: { brands: Locator; settings: Locator },
  unparsedSlides = 0,
): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const report = (severity: ContentIssue['severity'], at: Locator, path: FieldPath, message: string) =>
    issues.push({ severity, file: at.file, ...at.locate(path), field: formatFieldPath(path, at.data), message });
  const error = report.bind(null, 'error');

  // Deck order: contiguous, unique, deck.length long; routes and names unique. While a slide's own
  // frontmatter is broken its place is unknown, and the order errors would only repeat that error.
  const inDeck = slides.filter((slide) => slide.frontmatter.order !== undefined);
  if (unparsedSlides > 0) return [...issues, ...crossCheckBrands(content, slides, sources)];
  const length = content.settings.deck?.length ?? DEFAULT_DECK_LENGTH;
  // The length is changed where it is written, or added at the top of deck.yaml while it is the default.
  const lengthSet = content.settings.deck?.length !== undefined;
  const lengthAt: Locator = lengthSet ? sources.settings : { file: sources.settings.file, locate: () => ({ line: 1, column: 1 }) };
  const where = `${sources.settings.file}${lengthSet ? `:${sources.settings.locate(['deck', 'length']).line}` : ''}`;
  const lengthIs = lengthSet ? `is ${length}` : `is not set, so it is the spec's ${length}`;
  const fix = (pages: number) => (lengthSet ? 'raise it' : `add deck: { length: ${pages} }`);
  const outside = 'keep a page outside the order with outsideDeck: true instead of its order';
  const byOrder = new Map<number, ParsedSlide>();
  for (const slide of inDeck) {
    const order = slide.frontmatter.order!;
    const first = byOrder.get(order);
    if (first) error(slide, ['order'], `order ${order} is also used by ${first.file}`);
    else byOrder.set(order, slide);
    if (order > length) {
      error(slide, ['order'], `order ${order} is past the last page (deck.length ${lengthIs} in ${where}): ${fix(order)} there, or ${outside}`);
    }
  }
  if (inDeck.length > length) {
    error(lengthAt, ['deck', 'length'], `${lengthIs}, but ${inDeck.length} pages have an order: ${fix(inDeck.length)} here, or ${outside}`);
  }
  const missing = Array.from({ length }, (_, index) => index + 1).filter((order) => !byOrder.has(order));
  if (missing.length > 0) {
    const orders = missing.length === 1 ? `order ${missing[0]}` : `orders ${missing.join(', ')}`;
    error(
      lengthAt,
      ['deck', 'length'],
      `${lengthIs}, but ${inDeck.length} pages have an order and none has ${orders}: orders run 1-${length} without gaps (renumber the pages, or ${lengthSet ? 'change the length' : `add deck: { length: ${inDeck.length} }`} here)`,
    );
  }
  const byPath = new Map<string, ParsedSlide>();
  for (const slide of slides) {
    // Each parsed slide has its record: the deck's records are made from these slides.
    const { path } = content.slides.find((record) => record.file === slide.file)!;
    const first = byPath.get(path);
    if (first) error(slide, ['name'], `route ${path} is also the route of ${first.file}`);
    else byPath.set(path, slide);
  }

  return [...issues, ...crossCheckBrands(content, slides, sources)];
}

/** Brand references and the ecosystem's shape. */
function crossCheckBrands(content: DeckContent, slides: readonly ParsedSlide[], sources: { brands: Locator }): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const report = (severity: ContentIssue['severity'], at: Locator, path: FieldPath, message: string) =>
    issues.push({ severity, file: at.file, ...at.locate(path), field: formatFieldPath(path, at.data), message });
  const error = report.bind(null, 'error');

  const ids = new Set<string>();
  content.brands.forEach((brand, index) => {
    if (ids.has(brand.id)) error(sources.brands, ['brands', index, 'id'], `id ${brand.id} is used twice`);
    ids.add(brand.id);
    const isHub = brand.group === 'hub';
    if (isHub !== (brand.status === 'Live & Operational')) {
      error(sources.brands, ['brands', index, 'status'], `is ${brand.status}, but Live & Operational is for the hub only`);
    }
    if ((brand.group === 'core' || brand.group === 'amplifier') && !brand.investment) {
      error(sources.brands, ['brands', index], `${brand.group} brand ${brand.id} needs an investment range for its ecosystem card`);
    }
  });
  for (const slide of slides) {
    const { brand, brands = [] } = slide.frontmatter;
    if (brand && !ids.has(brand)) error(slide, ['brand'], `no brand has id ${brand} in ${sources.brands.file}${didYouMean(brand, ids)}`);
    brands.forEach((id, index) => {
      if (!ids.has(id)) error(slide, ['brands', index], `no brand has id ${id} in ${sources.brands.file}${didYouMean(id, ids)}`);
    });
  }
  for (const [group, size] of Object.entries(ECOSYSTEM_GROUP_SIZES)) {
    const count = content.brands.filter((brand) => brand.group === group).length;
    if (count !== size) error(sources.brands, ['brands'], `${count} brands are in group ${group}; the ecosystem page shows ${size}`);
  }

  return issues;
}
