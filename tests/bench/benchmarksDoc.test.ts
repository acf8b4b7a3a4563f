import { describe, expect, it } from 'vitest';
import { withRunFigures } from '../../scripts/bench/benchmarksDoc.ts';
import type { RunResults } from '../../scripts/bench/summary.ts';

const RUN: RunResults = {
  startedAt: '2026-12-04T16:00:00.000Z',
  machine: { cpus: 2, loadavgStart: [1.5, 1.2, 1], loadavgEnd: [2.5, 2, 1.5] },
  exportPdf: { seconds: 20, bytes: 411 * 1024, pages: 18, line: 'dist/deck.pdf: 18 pages, 411 KB, 16.5 s' },
  errors: [{ part: 'lighthouse', message: 'chromium went away\n  at somewhere' }],
};
const DOC = [
  '# Benchmarks',
  'kept above',
  '<!-- npm run bench --write-docs: begin -->',
  'the figures of an older run',
  '<!-- npm run bench --write-docs: end -->',
  '## kept below',
  '',
].join('\n');

describe('npm run bench --write-docs', () => {
  it("replaces only the last run's section, with the day, the machine, the parts left out and the failures", () => {
    const doc = withRunFigures(DOC, RUN, ['scale', 'load']);
    expect(doc.startsWith('# Benchmarks\nkept above\n<!-- npm run bench --write-docs: begin -->\n')).toBe(true);
    expect(doc.endsWith('<!-- npm run bench --write-docs: end -->\n## kept below\n')).toBe(true);
    expect(doc).not.toContain('an older run');
    expect(doc).toContain('Run of 2026-12-04 on 2 CPUs, load average 1-2.5; parts left out: load, scale.');
    expect(doc).toContain('A part failed: lighthouse: chromium went away\n');
    expect(doc).toContain(
      "```\nnpm run export --no-build: 18 pages, 411 KB, 20.0 s wall (the export's own line: dist/deck.pdf: 18 pages, 411 KB, 16.5 s)\n```",
    );
  });

  it('writes the same section again on a second run, never a second copy', () => {
    const once = withRunFigures(DOC, RUN, []);
    expect(withRunFigures(once, RUN, [])).toBe(once);
    expect(once).toContain('; every part.');
  });

  it('refuses a guide without the markers rather than writing elsewhere', () => {
    expect(() => withRunFigures('# Benchmarks\n', RUN, [])).toThrow(/no <!-- npm run bench --write-docs: begin -->/);
  });
});
