import { DEFAULT_STALE_AFTER_MONTHS, FiguresFile, SAMPLE_SOURCE, type FigureEntry } from '../../schemas/figure.ts';
import { FIGURE_KINDS, formatFigure, type FigureValue } from '../../schemas/formatFigure.ts';
import type { ContentIssue } from './contentIssue.ts';
import { normalizeSourceText } from './sourceText.ts';
import { parseYamlSource, validateYamlSource, type YamlSource } from './yamlSource.ts';

/** The ledger's file name in the content folder (`slides/figures.yaml`): one file, beside brands.yaml. */
export const FIGURES_LEDGER_NAME = 'figures.yaml';

/** One figure of the ledger, validated, with its display text. */
export interface LedgerFigure {
  id: string;
  label: string;
  value: FigureValue;
  /** The display text every page shows (`$13.95T`). */
  text: string;
  /** Null while the ledger says "to be supplied": the figure shows no source note and a release refuses it. */
  source: string | null;
  asOf: string | null;
  notes?: string;
  sumOf?: string[];
  countOf?: string[];
}

/** The ledger: figures by id in file order, and where each stands in the file. */
export interface FigureLedger {
  figures: ReadonlyMap<string, LedgerFigure>;
  staleAfterMonths: number;
  /** Locates a figure's field (`locate('market.homeEquity', 'asOf')`), or the figure's id itself, in the ledger file. */
  locate: (id: string, ...fields: string[]) => { line: number; column: number };
  file: string;
  /** The file's text as it was read (line endings as LF), for placing a word inside a field. */
  text: string;
}

/** Pure: the ledger file's text in, the validated ledger and its issues out. */
export function parseLedger(file: string, text: string): { ledger?: FigureLedger; issues: ContentIssue[]; source: YamlSource } {
  const source = parseYamlSource(file, text);
  const { value, issues } = validateYamlSource(source, FiguresFile);
  const all = [...source.issues, ...issues].map((issue) => ({ ...issue, field: ledgerField(issue.field) }));
  if (!value) return { issues: all, source };
  const figures = new Map<string, LedgerFigure>();
  for (const [id, entry] of Object.entries(value.figures)) figures.set(id, toFigure(id, entry));
  const locate = (id: string, ...fields: string[]) => source.locate(['figures', id, ...fields], fields.length === 0);
  return {
    ledger: { figures, staleAfterMonths: value.staleAfterMonths ?? DEFAULT_STALE_AFTER_MONTHS, locate, file, text: normalizeSourceText(text) },
    issues: all,
    source,
  };
}

/** `figures.market.homeEquity.asOf` → `market.homeEquity.asOf`: the id is what an editor searches for. */
function ledgerField(field: string): string {
  return field.replace(/^figures\./, '');
}

/** True for a source or as-of date that still holds the sample value. */
export function isSample(text: string): boolean {
  return text.trim().toLowerCase() === SAMPLE_SOURCE;
}

function toFigure(id: string, entry: FigureEntry): LedgerFigure {
  const kind = FIGURE_KINDS.find((name) => entry[name] !== undefined)!;
  const amount = entry[kind]!;
  const value: FigureValue = {
    kind,
    ...(typeof amount === 'number' ? { low: amount, high: amount } : { low: amount.low, high: amount.high }),
    ...(entry.qualifier && { qualifier: entry.qualifier }),
    ...(entry.exact && { exact: true }),
    ...(entry.form && { form: entry.form }),
  };
  return {
    id,
    label: entry.label,
    value,
    text: formatFigure(value),
    source: isSample(entry.source) ? null : entry.source,
    asOf: isSample(entry.asOf) ? null : entry.asOf,
    ...(entry.notes && { notes: entry.notes }),
    ...(entry.sumOf && { sumOf: entry.sumOf }),
    ...(entry.countOf && { countOf: entry.countOf }),
  };
}

/** The figures a `sumOf`/`countOf` selection names: ids, and `area.*` for every figure of an area. */
export function selectFigures(ledger: FigureLedger, selection: readonly string[]): LedgerFigure[] {
  const chosen = new Map<string, LedgerFigure>();
  for (const item of selection) {
    const area = item.endsWith('.*') ? `${item.slice(0, -1)}` : undefined;
    for (const figure of ledger.figures.values()) {
      if (area ? figure.id.startsWith(area) : figure.id === item) chosen.set(figure.id, figure);
    }
  }
  return [...chosen.values()];
}
