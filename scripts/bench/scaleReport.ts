import type { FollowGroup } from './followAcross.ts';
import type { ScaleFigures } from './scaleRun.ts';
import { fixed, formatTable, type Row } from './table.ts';

// The printed tables of the scale part: one row per load variant, side by side, and one
// row per side of the cross-process follow run.

const zeroTarget = (errors: number | undefined) => (errors === 0 ? '0       ok' : '0       MISS');

/** The load variants side by side: whole run and after all sign-ins (steady), errors against zero. */
export function scaleLoadTable(figures: ScaleFigures): string {
  const first = figures.variants.find((variant) => variant.figures)?.figures;
  const title = first ? `load run: ${first.viewers} viewers, ${fixed(first.seconds, 0)} s` : 'load run';
  const rows: Row[] = figures.variants.map(({ name, figures: f, error }) => {
    if (!f) return { metric: name, cells: [`failed: ${(error ?? 'unknown').split('\n')[0]}`], target: '' };
    const errors = f.errors;
    return {
      metric: name,
      cells: [
        fixed(f.requestsPerSecond, 0),
        fixed(f.p50Ms, 1),
        fixed(f.p99Ms, 1),
        fixed(errors, 0),
        fixed(f.steady.requestsPerSecond, 0),
        fixed(f.steady.p50Ms, 1),
        fixed(f.steady.p99Ms, 1),
        fixed(f.steady.errors, 0),
        `${fixed(f.login.p50Ms, 0)} / ${fixed(f.login.p99Ms, 0)}`,
      ],
      target: zeroTarget(errors),
    };
  });
  return formatTable([title, 'req/s', 'p50 ms', 'p99 ms', 'errors', 'steady req/s', 'p50 ms', 'p99 ms', 'errors', 'sign-in p50/p99', 'errors target'], rows);
}

/** The cross-process follow run: the driver's process, the other one and both, with moves never received. */
export function scaleFollowTable(figures: ScaleFigures): string {
  const follow = figures.follow;
  if (!follow) return figures.followError ? `follow-me across 2 processes: failed: ${figures.followError.split('\n')[0]}` : '';
  const row = (metric: string, group: FollowGroup, target: boolean): Row => ({
    metric,
    cells: [String(group.followers), String(group.ms.length), fixed(group.p50Ms, 1), fixed(group.p95Ms, 1), fixed(group.maxMs, 1), String(group.missed)],
    target: target ? zeroTarget(group.missed) : '',
  });
  return formatTable(
    [`follow-me: drive → update, ${follow.moves} moves`, 'followers', 'samples', 'p50 ms', 'p95 ms', 'max ms', 'missed', 'missed target'],
    [
      row("  on the driver's process (A)", follow.sameProcess, false),
      row('  on the other process (B)', follow.otherProcess, false),
      row('  all', follow.all, true),
    ],
  );
}
