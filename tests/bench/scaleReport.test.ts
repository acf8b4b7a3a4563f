import { describe, expect, it } from 'vitest';
import { followGroup } from '../../scripts/bench/followAcross.ts';
import type { LoadFigures } from '../../scripts/bench/loadRun.ts';
import { scaleFollowTable, scaleLoadTable } from '../../scripts/bench/scaleReport.ts';
import type { ScaleFigures } from '../../scripts/bench/scaleRun.ts';

function load(overrides: Partial<LoadFigures>): LoadFigures {
  const kind = { count: 10, p50Ms: 5, p99Ms: 9, errors: 0 };
  return {
    viewers: 200,
    database: 'postgres',
    processes: 1,
    seconds: 31.4,
    usersCreatedInMs: 1000,
    requests: 3000,
    requestsPerSecond: 95.5,
    p50Ms: 12.34,
    p99Ms: 456.78,
    errors: 0,
    login: { count: 200, p50Ms: 900.2, p99Ms: 2100.7, errors: 0 },
    loop: { ...kind, perKind: {} },
    steady: { count: 2000, seconds: 10, requestsPerSecond: 200.4, p50Ms: 8.25, p99Ms: 40.04, errors: 0 },
    errorSamples: [],
    ...overrides,
  };
}

describe('followGroup', () => {
  it('takes percentiles of the deliveries and counts the missing ones as missed', () => {
    const group = followGroup(2, [10, 20, 30], 4);
    expect(group).toMatchObject({ followers: 2, p50Ms: 20, maxMs: 30, missed: 1 });
    expect(group.p95Ms).toBeCloseTo(29);
  });
  it('has no latency figures when nothing arrived', () => {
    const group = followGroup(100, [], 1600);
    expect(group.missed).toBe(1600);
    expect(Number.isNaN(group.p50Ms) && Number.isNaN(group.maxMs)).toBe(true);
  });
});

describe('scaleLoadTable', () => {
  it('puts the variants side by side and marks errors against zero', () => {
    const figures: ScaleFigures = {
      postgresVersion: '15',
      variants: [
        { name: 'PGlite, 1 process', figures: load({ database: 'pglite' }) },
        { name: 'Postgres, 2 processes', figures: load({ processes: 2, errors: 3 }) },
        { name: 'Postgres, 1 process', error: 'platform exited with 1\nstack' },
      ],
    };
    const lines = scaleLoadTable(figures).split('\n');
    expect(lines[0]).toMatch(/^load run: 200 viewers, 31 s\s+req\/s\s+p50 ms\s+p99 ms\s+errors\s+steady req\/s/);
    expect(lines[1]).toMatch(/^PGlite, 1 process\s+96\s+12\.3\s+456\.8\s+0\s+200\s+8\.3\s+40\.0\s+0\s+900 \/ 2101\s+0\s+ok$/);
    expect(lines[2]).toMatch(/\s3\s.*0\s+MISS$/);
    expect(lines[3]).toMatch(/^Postgres, 1 process\s+failed: platform exited with 1$/);
  });
});

describe('scaleFollowTable', () => {
  it('shows each side of the follow run and the missed moves against zero', () => {
    const same = followGroup(100, [10, 12], 2);
    const other = followGroup(100, [], 2);
    const text = scaleFollowTable({
      postgresVersion: '15',
      variants: [],
      follow: { moves: 16, sameProcess: same, otherProcess: other, all: followGroup(200, [10, 12], 4) },
    });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^follow-me: drive → update, 16 moves/);
    expect(lines[2]).toMatch(/on the other process \(B\)\s+100\s+0\s+n\/a\s+n\/a\s+n\/a\s+2$/);
    expect(lines[3]).toMatch(/all\s+200\s+2\s+11\.0\s+.*2\s+0\s+MISS$/);
  });
  it('says why when the follow run failed, and nothing when it did not run', () => {
    expect(scaleFollowTable({ postgresVersion: '15', variants: [], followError: 'drive refused\nstack' })).toBe(
      'follow-me across 2 processes: failed: drive refused',
    );
    expect(scaleFollowTable({ postgresVersion: '15', variants: [] })).toBe('');
  });
});
