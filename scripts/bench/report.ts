import type { FirstVisit } from './firstVisit.ts';
import type { KeyMove } from './keyToHeading.ts';
import type { LighthouseFigures } from './lighthouseRun.ts';
import type { LoadFigures } from './loadRun.ts';
import type { LoginFloodFigures } from './loginFlood.ts';
import { median, percentile } from './stats.ts';
import { fixed, formatTable, kb, type Row } from './table.ts';

/** The pages Lighthouse measures, in column order (first visit measures every deck page). */
export const PAGES = ['/', '/ecosystem'] as const;

/** The first visit's budget: JS + CSS + HTML, compressed as served, on every deck page (KB). */
export const FIRST_VISIT_BUDGET_KB = 85;

/** Everything a bench run found (written to .bench/results.json as is). */
export interface BenchResults {
  startedAt: string;
  machine: { cpus: number; loadavgStart: number[]; loadavgEnd?: number[] };
  firstVisit?: Record<string, FirstVisit[]>;
  /** The same, as a signed-in viewer of the built deck behind the local platform (a partner's visit). */
  platformVisit?: Record<string, FirstVisit[]>;
  /** The same visits with the browser offering gzip only (the budget's unit). */
  platformVisitGzip?: Record<string, FirstVisit[]>;
  lighthouse?: Record<string, LighthouseFigures[]>;
  keyToHeading?: KeyMove[];
  load?: LoadFigures | { skipped: string };
  loginFlood?: LoginFloodFigures | { skipped: string };
  errors: { part: string; message: string }[];
}

type Check = (value: number) => boolean;

function perPageRow(metric: string, values: number[], format: (v: number) => string, target: string, check?: Check): Row {
  const status = !check ? '' : values.every((v) => Number.isFinite(v) && check(v)) ? 'ok' : 'MISS';
  return { metric, cells: values.map(format), target: status ? `${target.padEnd(8)}${status}` : target };
}

function singleRow(metric: string, value: number, format: (v: number) => string, target: string, check?: Check): Row {
  const status = !check ? '' : Number.isFinite(value) && check(value) ? 'ok' : 'MISS';
  return { metric, cells: [format(value)], target: status ? `${target.padEnd(8)}${status}` : target };
}

/** Median of one field over a page's runs. */
function med<T>(runs: T[] | undefined, field: (run: T) => number): number {
  return runs && runs.length > 0 ? median(runs.map(field)) : Number.NaN;
}

/**
 * One row per deck page: the first visit's bytes (medians over its runs) against the budget, with
 * and without response headers, and what they are made of. The heaviest page comes first.
 */
export function firstVisitTable(visits: BenchResults['firstVisit'], title = 'first visit (KB gzip)'): string {
  const fv = visits;
  if (!fv || Object.keys(fv).length === 0) return '';
  const within = (v: number) => Number.isFinite(v) && v / 1024 <= FIRST_VISIT_BUDGET_KB;
  const rows: Row[] = Object.entries(fv)
    .map(([page, runs]) => ({ page, code: med(runs, (r) => r.code), runs }))
    .sort((a, b) => b.code - a.code)
    .map(({ page, code, runs }) => {
      const bodies = med(runs, (r) => r.codeBodies);
      const parts = [
        kb(med(runs, (r) => r.js)),
        kb(med(runs, (r) => r.css)),
        kb(med(runs, (r) => r.html)),
        fixed(
          med(runs, (r) => r.requests),
          0,
        ),
      ];
      const status = within(code) && within(bodies) ? 'ok' : 'MISS';
      return { metric: page, cells: [kb(code), kb(bodies), ...parts], target: `${`≤ ${FIRST_VISIT_BUDGET_KB}`.padEnd(8)}${status}` };
    });
  return formatTable([title, 'with headers', 'bodies', 'JS', 'CSS', 'HTML', 'requests', 'target'], rows);
}

/** The Lighthouse table, one column per page of PAGES. */
export function pageTable(results: BenchResults): string {
  const rows: Row[] = [];
  const lh = results.lighthouse;
  if (lh) {
    const col = (field: (run: LighthouseFigures) => number) => PAGES.map((page) => med(lh[page], field));
    rows.push(
      perPageRow(
        'Lighthouse performance',
        col((r) => r.performance),
        (v) => fixed(v, 0),
        '100',
        (v) => v >= 100,
      ),
      perPageRow(
        'Lighthouse accessibility',
        col((r) => r.accessibility),
        (v) => fixed(v, 0),
        '100',
        (v) => v >= 100,
      ),
      perPageRow(
        '  FCP (s)',
        col((r) => r.fcpMs / 1000),
        (v) => fixed(v, 2),
        '',
      ),
      perPageRow(
        '  LCP (s)',
        col((r) => r.lcpMs / 1000),
        (v) => fixed(v, 2),
        '≤ 0.8',
        (v) => v <= 0.8,
      ),
      perPageRow(
        '  TBT (ms)',
        col((r) => r.tbtMs),
        (v) => fixed(v, 0),
        '',
      ),
      perPageRow(
        '  CLS',
        col((r) => r.cls),
        (v) => fixed(v, 3),
        '0',
        (v) => v === 0,
      ),
    );
  }
  return rows.length === 0 ? '' : formatTable(['metric', ...PAGES, 'target'], rows);
}

/** The whole-deck table: key press to next heading and the load run. */
export function deckTable(results: BenchResults): string {
  const rows: Row[] = [];
  const moves = results.keyToHeading;
  if (moves && moves.length > 0) {
    const dom = moves.map((m) => m.domMs);
    const frame = moves.map((m) => m.frameMs);
    rows.push(
      singleRow(
        `ArrowRight → next h1, median (ms, ${moves.length} moves)`,
        median(dom),
        (v) => fixed(v, 1),
        '≤ 10',
        (v) => v <= 10,
      ),
      singleRow(
        'ArrowRight → next h1, p95 (ms)',
        percentile(dom, 95),
        (v) => fixed(v, 1),
        '≤ 10',
        (v) => v <= 10,
      ),
      singleRow('  … to the next frame, median (ms)', median(frame), (v) => fixed(v, 1), ''),
    );
    // The heading seen, not just present (box in the viewport, opacity product > 0.01).
    const visible = moves.map((m) => m.visibleMs).filter((v): v is number => typeof v === 'number');
    if (visible.length > 0) {
      rows.push(
        singleRow(
          'ArrowRight → next h1 visible, median (ms)',
          median(visible),
          (v) => fixed(v, 1),
          '≤ 16',
          (v) => v <= 16,
        ),
        singleRow(
          'ArrowRight → next h1 visible, p95 (ms)',
          percentile(visible, 95),
          (v) => fixed(v, 1),
          '≤ 33',
          (v) => v <= 33,
        ),
      );
    }
  }
  const load = results.load;
  if (load && !('skipped' in load)) {
    rows.push(
      singleRow(`load: ${load.viewers} viewers, requests/s`, load.requestsPerSecond, (v) => fixed(v, 0), ''),
      singleRow('load: latency p50 (ms, all requests)', load.p50Ms, (v) => fixed(v, 1), ''),
      singleRow('load: latency p99 (ms, all requests)', load.p99Ms, (v) => fixed(v, 1), ''),
      singleRow(
        'load: errors',
        load.errors,
        (v) => fixed(v, 0),
        '0',
        (v) => v === 0,
      ),
      singleRow('  sign-in p50 / p99 (ms)', load.login.p50Ms, (v) => `${fixed(v, 0)} / ${fixed(load.login.p99Ms, 0)}`, ''),
      singleRow('  loop p50 / p99 (ms)', load.loop.p50Ms, (v) => `${fixed(v, 1)} / ${fixed(load.loop.p99Ms, 1)}`, ''),
    );
    for (const [kind, figures] of Object.entries(load.loop.perKind)) {
      rows.push(singleRow(`    ${kind} p50 / p99 (ms)`, figures.p50Ms, (v) => `${fixed(v, 1)} / ${fixed(figures.p99Ms, 1)}`, ''));
    }
    const steady = load.steady;
    rows.push(
      singleRow(`  after all sign-ins (${fixed(steady.seconds, 1)} s), requests/s`, steady.requestsPerSecond, (v) => fixed(v, 0), ''),
      singleRow('  after all sign-ins, p50 / p99 (ms)', steady.p50Ms, (v) => `${fixed(v, 1)} / ${fixed(steady.p99Ms, 1)}`, ''),
    );
  }
  const flood = results.loginFlood;
  if (flood && !('skipped' in flood)) {
    rows.push(
      singleRow(`sign-in alone, median (ms, ${flood.aloneMs.length} runs)`, median(flood.aloneMs), (v) => fixed(v, 0), ''),
      singleRow(
        `sign-in during a ${flood.floodSize}-request one-client flood, median (ms)`,
        median(flood.underFloodMs),
        (v) => fixed(v, 0),
        '< 1000',
        (v) => v < 1000,
      ),
      singleRow(
        '  same, slowest run (ms)',
        Math.max(...flood.underFloodMs),
        (v) => fixed(v, 0),
        '< 1000',
        (v) => v < 1000,
      ),
      singleRow(
        '  genuine sign-ins refused',
        flood.genuineFailures,
        (v) => fixed(v, 0),
        '0',
        (v) => v === 0,
      ),
    );
  }
  return rows.length === 0 ? '' : formatTable(['metric', 'value', 'target'], rows);
}
