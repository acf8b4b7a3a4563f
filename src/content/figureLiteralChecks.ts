import type { Brand } from '../../schemas/brand.ts';
import { formatUsd } from '../../schemas/formatUsd.ts';
import type { ContentIssue, FieldPath } from './contentIssue.ts';
import { formatFieldPath } from './contentIssue.ts';
import type { FigureLedger, LedgerFigure } from './figureLedger.ts';
import { findFigureLiterals, normalizeValue, sameUnit, statesFigure, type FigureLiteral, type NormalizedFigure } from './figureLiterals.ts';
import { BRAND_WORDS, forEachString, placeInField } from './figureRefs.ts';
import type { ParsedSlide } from './parseSlide.ts';

/** Frontmatter fields that are ids, codes or numbering, never a figure typed for a reader. */
const NOT_PROSE = new Set([
  'name',
  'layout',
  'brand',
  'brands',
  'group',
  'code',
  'icon',
  'link',
  'figure',
  'order',
  'outsideDeck',
  'number',
  'year',
  'age',
  'exact',
  'prefix',
  'suffix',
]);
/** Record lists whose `value`, `usd` and `usdRange` are a figure's place, and the field that labels it. */
const FIGURE_RECORDS: Readonly<Record<string, string>> = { stats: 'label', cards: 'title' };

/**
 * How the place names a figure: an id field (`figure:` on a stat or card, `amount:` on a story), `{id}`
 * in a string, `<Figure id>`, or the bare id in a ledger note (which no page shows, and nothing fills).
 */
type Writing = 'figure' | 'amount' | 'token' | 'element' | 'note';

/**
 * A number typed on a page is checked against the ledger: one that states a ledger figure
 * is an error naming the id to write instead; one that differs from the figure its label or sentence
 * names is an error naming both places; a number in a figure's own place (a stat's or card's value,
 * a story's amount) must come from the ledger. Other numbers in prose (years, "Four critical questions")
 * are words, not figures.
 */
export function checkFigureLiterals(
  slides: readonly ParsedSlide[],
  ledger: FigureLedger,
  brands?: { brands: readonly Brand[]; source: Pick<ParsedSlide, 'text' | 'locate'>; file: string },
): ContentIssue[] {
  const figures = [...ledger.figures.values()].map((figure) => ({ figure, normalized: normalizeValue(figure.value), label: words(figure.label) }));
  const issues: ContentIssue[] = [];

  const report = (
    at: { file: string; line: number; column: number },
    field: string,
    literal: string,
    writing: Writing,
    found: {
      equal: LedgerFigure[];
      sameLabel: LedgerFigure[];
      unknown?: boolean;
    },
  ) => {
    // A note is read beside the figures: one that repeats a value says the old one once the figure changes.
    const why = writing === 'note' ? ', so the note still holds when the figure changes' : '';
    const message = found.equal.length
      ? `${literal} repeats ${listFigures(found.equal)}: write ${howToWrite(found.equal, writing)} instead${why}`
      : found.sameLabel.length
        ? `${literal} differs from ${found.sameLabel.map((figure) => `figure ${figure.id} (${figure.label}), which is ${figure.text} at ${ledger.file}:${ledger.locate(figure.id, kindField(figure)).line}`).join('; ')}: write ${howToWrite(found.sameLabel, writing)}, or change the figure there`
        : `${literal} is a figure the ledger does not have: give it a home in ${ledger.file} (label, value, source, asOf) and write ${writing}: <its id> here`;
    if (found.equal.length || found.sameLabel.length || found.unknown) issues.push({ severity: 'error', ...at, field, message });
  };

  const judge = (literal: NormalizedFigure, context: string[], structured: boolean) => {
    const equal = figures.filter((entry) => statesFigure(literal, entry.normalized)).map((entry) => entry.figure);
    const named = context.map(words).filter(Boolean);
    const sameLabel = equal.length
      ? []
      : figures
          .filter(
            (entry) => sameUnit(literal, entry.normalized) && named.some((text) => (structured ? labelNames(text, entry.label) : text.includes(entry.label))),
          )
          .map((entry) => entry.figure);
    return { equal, sameLabel };
  };

  for (const slide of slides) {
    const where = (path: FieldPath, needle: string, from = 0) => ({ file: slide.file, ...placeInField(slide, path, needle, from) });
    const raw = (slide.raw ?? {}) as Record<string, unknown>;
    // A figure's own place in a stat or card: every number there must be a ledger figure.
    for (const [list, labelField] of Object.entries(FIGURE_RECORDS)) {
      const items = raw[list];
      if (!Array.isArray(items)) continue;
      items.forEach((item: Record<string, unknown> | null, index) => {
        if (!item || typeof item !== 'object') return;
        const label = typeof item[labelField] === 'string' ? (item[labelField] as string) : '';
        for (const key of ['usd', 'usdRange'] as const) {
          const amount = moneyOf(item[key]);
          if (!amount) continue;
          const path = [list, index, key];
          report({ file: slide.file, ...slide.locate(path) }, formatFieldPath(path), amount.text, 'figure', {
            ...judge(amount.figure, [label], true),
            unknown: true,
          });
        }
        if (typeof item.value === 'string') {
          for (const literal of findFigureLiterals(item.value)) {
            const path = [list, index, 'value'];
            report(where(path, literal.text), formatFieldPath(path), literal.text, 'figure', { ...judge(literal.figure, [label], true), unknown: true });
          }
        }
      });
    }
    const stories = raw.stories;
    if (Array.isArray(stories)) {
      stories.forEach((story: Record<string, unknown> | null, index) => {
        const amount = moneyOf(story?.amount);
        if (!amount) return;
        const path = ['stories', index, 'amount'];
        report({ file: slide.file, ...slide.locate(path) }, formatFieldPath(path), amount.text, 'amount', { ...judge(amount.figure, [], true), unknown: true });
      });
    }
    // Prose in the frontmatter: words around the number name the figure it may contradict.
    forEachString(raw, [], (text, path) => {
      if (path.some((key) => typeof key === 'string' && NOT_PROSE.has(key))) return;
      if (path.length === 3 && typeof path[0] === 'string' && path[0] in FIGURE_RECORDS && path[2] === 'value') return;
      const recordLabel = path.length === 3 ? labelOf(raw, path) : undefined;
      let from = 0;
      for (const literal of findFigureLiterals(text)) {
        const at = where(path, literal.text, from);
        from = literal.index + literal.text.length;
        report(at, formatFieldPath(path), literal.text, 'token', judge(literal.figure, [text, ...(recordLabel ? [recordLabel] : [])], false));
      }
    });
    // Prose in the body.
    for (const text of slide.mdx.texts) {
      for (const literal of findFigureLiterals(text.value)) {
        report(textPlace(slide.file, text, literal), '', literal.text, 'element', judge(literal.figure, [text.value], false));
      }
    }
  }
  // The ledger's own notes, as prose: each number in a note is judged as one in a sentence of a page.
  const ledgerSource = { text: ledger.text, locate: (path: FieldPath) => ledger.locate(String(path[0]), ...path.slice(1).map(String)) };
  for (const figure of ledger.figures.values()) {
    if (!figure.notes) continue;
    let from = 0;
    for (const literal of findFigureLiterals(figure.notes)) {
      const at = { file: ledger.file, ...placeInField(ledgerSource, [figure.id, 'notes'], literal.text, from) };
      from = literal.index + literal.text.length;
      report(at, `${figure.id}.notes`, literal.text, 'note', judge(literal.figure, [figure.notes], false));
    }
  }
  // The brands' sentences, which the ecosystem and brand pages show.
  brands?.brands.forEach((brand, index) => {
    for (const field of BRAND_WORDS) {
      const text = brand[field];
      let from = 0;
      for (const literal of findFigureLiterals(text)) {
        const at = { file: brands.file, ...placeInField(brands.source, ['brands', index, field], literal.text, from) };
        from = literal.index + literal.text.length;
        report(at, `brands[${brand.id}].${field}`, literal.text, 'token', judge(literal.figure, [text], false));
      }
    }
  });
  return issues;
}

/** `$13.95T` and the comparable figure of a number typed in `usd`, or a `usdRange`. */
function moneyOf(value: unknown): { text: string; figure: NormalizedFigure } | undefined {
  if (typeof value === 'number') return { text: usdText(value), figure: { unit: 'usd', low: value, high: value, qualifier: '', scaled: false } };
  if (value && typeof value === 'object' && typeof (value as { low?: unknown }).low === 'number' && typeof (value as { high?: unknown }).high === 'number') {
    const { low, high } = value as { low: number; high: number };
    return { text: `${usdText(low)}-${usdText(high)}`, figure: { unit: 'usd', low, high, qualifier: '', scaled: false } };
  }
  return undefined;
}

/** A typed amount the way the deck writes money (`$13.96T`), or every dollar when that form would round it. */
function usdText(amount: number): string {
  const compact = formatUsd(amount);
  const read = findFigureLiterals(compact)[0]?.figure.low;
  return read !== undefined && Math.abs(read - amount) <= Math.abs(amount) * 1e-9 ? compact : formatUsd(amount, { exact: true });
}

/** The label or title of the record a string belongs to (`cards[3].description` → the card's title). */
function labelOf(raw: Record<string, unknown>, path: FieldPath): string | undefined {
  const [list, index] = path;
  const item = (raw[list as string] as Array<Record<string, unknown>> | undefined)?.[index as number];
  const label = item?.label ?? item?.title ?? item?.audience;
  return typeof label === 'string' ? label : undefined;
}

/** A text run of the body: line and column of a literal inside it (text runs may span lines). */
function textPlace(file: string, text: { value: string; line: number; column: number }, literal: FigureLiteral) {
  const before = text.value.slice(0, literal.index).split('\n');
  const line = text.line + before.length - 1;
  const column = before.length === 1 ? text.column + literal.index : before.at(-1)!.length + 1;
  return { file, line, column };
}

/** Lower case, hyphens and punctuation as spaces: `Home-equity market` names `home equity`. */
function words(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9%$+.]+/g, ' ')
    .trim()} `;
}

/** A stat's or card's label names a ledger label when one begins with, or contains, the other. */
function labelNames(recordLabel: string, ledgerLabel: string): boolean {
  if (recordLabel.trim() === '') return false;
  return ledgerLabel.startsWith(recordLabel) || recordLabel.includes(ledgerLabel);
}

function listFigures(figures: readonly LedgerFigure[]): string {
  const named = figures.map((figure) => `${figure.id} (${figure.label})`);
  return figures.length === 1 ? `figure ${named[0]}` : `figures ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** How the place writes a figure of the ledger instead of its number. */
function howToWrite(figures: readonly LedgerFigure[], writing: Writing): string {
  if (writing === 'note')
    return figures.length === 1 ? `its id (${figures[0]!.id})` : `the id of the one it means (${figures.map((figure) => figure.id).join(' or ')})`;
  const one = (id: string) => (writing === 'token' ? `{${id}}` : writing === 'element' ? `<Figure id="${id}" />` : `${writing}: ${id}`);
  return figures.length === 1 ? one(figures[0]!.id) : `${one(figures[0]!.id)} (or the id of the one it means)`;
}

/** The field of a ledger entry that holds its value (`usd`, `count` …), for pointing at it. */
function kindField(figure: LedgerFigure): string {
  return figure.value.kind;
}
