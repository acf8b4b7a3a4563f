import { describe, expect, it } from 'vitest';
import type { FirstVisit } from '../../scripts/bench/firstVisit.ts';
import { deckTable, firstVisitTable, pageTable, type BenchResults } from '../../scripts/bench/report.ts';

function visit(codeKb: number): FirstVisit {
  const code = codeKb * 1024;
  return { js: code, css: 0, html: 0, media: 0, other: 0, total: code, code, codeBodies: code, requests: 3, compressed: 3, urls: [] };
}

const base: BenchResults = { startedAt: '', machine: { cpus: 2, loadavgStart: [0, 0, 0] }, errors: [] };

describe('bench tables', () => {
  it('takes medians per page, heaviest first, and marks each page against the 85 KB budget', () => {
    const text = firstVisitTable({ '/': [visit(80), visit(90), visit(81)], '/ecosystem': [visit(86)], '/contact': [visit(84)] });
    const pages = text
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s+/)[0]);
    expect(pages).toEqual(['/ecosystem', '/contact', '/']);
    expect(text).toMatch(/^\/\s+81\.0\s+81\.0\s.*≤ 85\s+ok$/m);
    expect(text).toMatch(/^\/ecosystem\s+86\.0\s+86\.0\s.*≤ 85\s+MISS$/m);
  });
  it('reports key press median and p95 against 10 ms', () => {
    const moves = [4, 5, 6, 30].map((ms, i) => ({ from: `/a${i}`, to: `/b${i}`, domMs: ms, visibleMs: ms * 3, frameMs: ms * 3 + 10 }));
    const text = deckTable({ ...base, keyToHeading: moves });
    expect(text).toMatch(/median \(ms, 4 moves\)\s+5\.5\s+≤ 10\s+ok/);
    expect(text).toMatch(/next h1, p95 \(ms\)\s+26\.4\s+≤ 10\s+MISS/);
    // The heading visible, against 16 ms median and 33 ms p95.
    expect(text).toMatch(/visible, median \(ms\)\s+16\.5\s+≤ 16\s+MISS/);
    expect(text).toMatch(/visible, p95 \(ms\)\s+79\.2\s+≤ 33\s+MISS/);
  });
  it('reports the sign-in delay under a one-client login flood against 1 s', () => {
    const flood = { floodSize: 100, aloneMs: [150, 160, 170], underFloodMs: [300, 400, 1200], genuineFailures: 0, floodStatuses: { 429: 290, 401: 10 } };
    const text = deckTable({ ...base, loginFlood: flood });
    expect(text).toMatch(/sign-in alone, median \(ms, 3 runs\)\s+160/);
    expect(text).toMatch(/during a 100-request one-client flood, median \(ms\)\s+400\s+< 1000\s+ok/);
    expect(text).toMatch(/slowest run \(ms\)\s+1200\s+< 1000\s+MISS/);
    expect(text).toMatch(/genuine sign-ins refused\s+0\s+0\s+ok/);
  });
  it('prints nothing for parts that did not run', () => {
    expect(pageTable(base)).toBe('');
    expect(firstVisitTable(base.firstVisit)).toBe('');
    expect(deckTable({ ...base, load: { skipped: 'src/platform not present' } })).toBe('');
  });
});
