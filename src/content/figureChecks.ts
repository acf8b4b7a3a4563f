import type { Brand } from '../../schemas/brand.ts';
import { formatUsd, formatUsdRange } from '../../schemas/formatUsd.ts';
import { didYouMean } from './closestName.ts';
import type { ContentIssue } from './contentIssue.ts';
import { selectFigures, type FigureLedger } from './figureLedger.ts';
import { checkFigureLiterals } from './figureLiteralChecks.ts';
import { brandFigureRefs, figuresShownBy, slideFigureRefs, type FigureRef } from './figureRefs.ts';
import { FIGURE_ATTRIBUTES } from './mdxComponentNames.ts';
import type { ParsedSlide } from './parseSlide.ts';
import { isSettingName } from './settingNames.ts';
import type { YamlSource } from './yamlSource.ts';

export interface FigureCheckInput {
  ledger: FigureLedger;
  slides: readonly ParsedSlide[];
  /** Undefined while brands.yaml is broken (its own errors are reported instead). */
  brands?: { brands: readonly Brand[]; source: Pick<YamlSource, 'file' | 'locate'>; text: string };
  /** Today as `YYYY-MM-DD`, for the as-of dates' age. */
  today: string;
}

/**
 * Everything the check proves about figures: every id names a ledger figure, no page types
 * a ledger figure's number, every ledger figure is shown somewhere, as-of dates are recent enough,
 * and stated totals and counts agree with the figures they sum or count.
 */
export function checkFigures({ ledger, slides, brands, today }: FigureCheckInput): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const ids = [...ledger.figures.keys()];
  const refs: FigureRef[] = [
    ...slides.flatMap(slideFigureRefs),
    ...(brands ? brandFigureRefs(brands.brands, { text: brands.text, locate: brands.source.locate }, brands.source.file) : []),
  ];
  for (const ref of refs) {
    const known = ledger.figures.get(ref.id);
    // A story's amount and a brand's valuation and investment are shown as money.
    if (known && /(\.amount|\.valuation|\.investment)$/.test(ref.field) && known.value.kind !== 'usd') {
      issues.push({
        severity: 'error',
        file: ref.file,
        line: ref.line,
        column: ref.column,
        field: ref.field,
        message: `${ref.id} is ${known.text}, not money: name a figure of ${ledger.file} with a usd value`,
      });
    }
    if (known) continue;
    const what = ref.how === 'token' ? `{${ref.id}} is not a figure of ${ledger.file}` : `no figure has id ${ref.id} in ${ledger.file}`;
    const field = ref.how === 'element' ? ref.field.replace(/ (\w+)>$/, ` $1="${ref.id}">`) : ref.field;
    issues.push({ severity: 'error', file: ref.file, line: ref.line, column: ref.column, field, message: `${what}${didYouMean(ref.id, ids)}` });
  }
  for (const slide of slides) issues.push(...checkBodyFigures(slide, ledger));
  issues.push(
    ...checkFigureLiterals(
      slides,
      ledger,
      brands && { brands: brands.brands, source: { text: brands.text, locate: brands.source.locate }, file: brands.source.file },
    ),
  );

  const shown = new Set(slides.flatMap((slide) => figuresShownBy(slide, brands?.brands ?? [])));
  for (const figure of ledger.figures.values()) {
    if (!shown.has(figure.id)) {
      issues.push({
        severity: 'warning',
        file: ledger.file,
        ...ledger.locate(figure.id),
        field: figure.id,
        message: `no page shows this figure: show it (figure: ${figure.id}, {${figure.id}} or <Figure id="${figure.id}" />) or delete it`,
      });
    }
  }
  issues.push(...checkAges(ledger, today), ...checkTotals(ledger));
  return issues;
}

/** `<Figure>` without an id, and figures or unknown names written as MDX expressions in a body. */
function checkBodyFigures(slide: ParsedSlide, ledger: FigureLedger): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const element of slide.mdx.elements) {
    const name = FIGURE_ATTRIBUTES[element.name as keyof typeof FIGURE_ATTRIBUTES];
    if (element.name === 'Figure' && !element.attributes[name!]?.value) {
      issues.push({
        severity: 'error',
        file: slide.file,
        line: element.line,
        column: element.column,
        field: '<Figure>',
        message: `needs id="…", the id of a figure in ${ledger.file} (such as market.homeEquity)`,
      });
    }
  }
  const ids = [...ledger.figures.keys()];
  slide.body.split('\n').forEach((text, index) => {
    // In MDX `{market.homeEquity}` is JavaScript and would crash the page; `columns={2}` is a prop.
    for (const match of text.matchAll(/(?<!=)\{([A-Za-z_][\w.]*)\}/g)) {
      const name = match[1]!;
      if (isSettingName(name)) continue;
      const figure = ledger.figures.has(name) ? name : ids.find((id) => id.split('.').at(-1)!.toLowerCase() === name.toLowerCase());
      issues.push({
        severity: 'error',
        file: slide.file,
        line: slide.bodyLine + index,
        column: match.index + 1,
        field: '',
        message: figure
          ? `{${name}} in a slide body is code in MDX: write <Figure id="${figure}" /> instead`
          : `{${name}} in a slide body is code in MDX and names nothing: write <Figure id="…" /> for a figure of ${ledger.file}, <Setting name="…" /> for a deck setting`,
      });
    }
  });
  return issues;
}

/** Whole months from an as-of date (`2025-06` counts from the 1st) to today. */
export function monthsBetween(asOf: string, today: string): number {
  const [year, month, day = 1] = asOf.split('-').map(Number) as [number, number, number?];
  const [toYear, toMonth, toDay] = today.split('-').map(Number) as [number, number, number];
  return (toYear - year) * 12 + (toMonth - month) - (toDay < day ? 1 : 0);
}

function checkAges(ledger: FigureLedger, today: string): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const figure of ledger.figures.values()) {
    if (!figure.asOf) continue;
    const months = monthsBetween(figure.asOf, today);
    if (months > ledger.staleAfterMonths) {
      issues.push({
        severity: 'warning',
        file: ledger.file,
        ...ledger.locate(figure.id, 'asOf'),
        field: `${figure.id}.asOf`,
        message: `${figure.asOf} is ${months} months before today (${today}), older than staleAfterMonths (${ledger.staleAfterMonths}): check the figure, then update its value, source and asOf`,
      });
    }
  }
  return issues;
}

/**
 * A stated total against the figures it sums (a warning: a total may be stated rounded, and the spec's
 * own total differs from its brand table), a stated count against the figures it counts (an error).
 */
function checkTotals(ledger: FigureLedger): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const figure of ledger.figures.values()) {
    const single = figure.value.low === figure.value.high;
    const kindAt = (end?: 'low' | 'high') => (end && !single ? ledger.locate(figure.id, figure.value.kind, end) : ledger.locate(figure.id, figure.value.kind));
    for (const [relation, selection] of [
      ['sumOf', figure.sumOf],
      ['countOf', figure.countOf],
    ] as const) {
      if (!selection) continue;
      const chosen = selectFigures(ledger, selection).filter((other) => other.id !== figure.id);
      const missing = selection.filter((item) => selectFigures(ledger, [item]).length === 0);
      for (const item of missing) {
        issues.push({
          severity: 'error',
          file: ledger.file,
          ...ledger.locate(figure.id, relation),
          field: `${figure.id}.${relation}`,
          message: `${item} names no figure of the ledger${didYouMean(item, ledger.figures.keys())}`,
        });
      }
      if (missing.length) continue;
      const named = selection.join(', ');
      if (relation === 'countOf') {
        if (chosen.length !== figure.value.low) {
          issues.push({
            severity: 'error',
            file: ledger.file,
            ...kindAt(),
            field: `${figure.id}.${figure.value.kind}`,
            message: `states ${figure.text}, but countOf (${named}) names ${chosen.length} figures`,
          });
        }
        continue;
      }
      const notMoney = chosen.filter((other) => other.value.kind !== figure.value.kind);
      if (notMoney.length) {
        issues.push({
          severity: 'error',
          file: ledger.file,
          ...ledger.locate(figure.id, relation),
          field: `${figure.id}.sumOf`,
          message: `sums figures of another kind than ${figure.value.kind}: ${notMoney.map((other) => other.id).join(', ')}`,
        });
        continue;
      }
      const sum = chosen.reduce((total, other) => ({ low: total.low + other.value.low, high: total.high + other.value.high }), { low: 0, high: 0 });
      const money = (amount: number) => (figure.value.kind === 'usd' ? formatUsd(amount) : String(amount));
      const range = (value: { low: number; high: number }) => (figure.value.kind === 'usd' ? formatUsdRange(value) : `${value.low}-${value.high}`);
      for (const end of ['low', 'high'] as const) {
        if (Math.round(sum[end]) === Math.round(figure.value[end])) continue;
        issues.push({
          severity: 'warning',
          file: ledger.file,
          ...kindAt(end),
          field: `${figure.id}.${figure.value.kind}${single ? '' : `.${end}`}`,
          message: `the stated total's ${end} end is ${money(figure.value[end])}, but the figures it sums (${named}) add up to ${money(sum[end])} (${range(sum)}); the slides show the stated ${figure.text}`,
        });
      }
    }
  }
  return issues;
}
