// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ContentIssue } from '../../src/content/contentIssue.ts';
import { contentError, contentErrorModule, contentErrorReport } from '../../src/content/devServerErrors.ts';

const issue = (severity: ContentIssue['severity'], file: string, line: number, message: string): ContentIssue => ({
  severity,
  file,
  line,
  column: 8,
  field: 'order',
  message,
});

describe("the dev server's content error report", () => {
  it('is nothing while the slides hold only warnings and notes', () => {
    expect(
      contentErrorReport([issue('warning', 'slides/brands.yaml', 6, 'adds up to $7M'), issue('note', 'slides/problem.mdx', 19, 'twice')], '/deck'),
    ).toBeUndefined();
  });

  it('lists every error (and no warning) and points the overlay at the first one', () => {
    const report = contentErrorReport(
      [
        issue('error', 'slides/market.mdx', 4, 'must be a number'),
        issue('warning', 'slides/brands.yaml', 6, 'adds up to $7M'),
        issue('error', 'slides/remo-ai.mdx', 86, 'no page is named CoreTechnology'),
      ],
      '/deck',
    )!;
    expect(report.message.split('\n')).toEqual([
      'The slides have errors:',
      'slides/market.mdx:4:8 order: must be a number',
      'slides/remo-ai.mdx:86:8 order: no page is named CoreTechnology',
    ]);
    expect(report.payload).toEqual({
      type: 'error',
      err: expect.objectContaining({
        message: report.message,
        stack: '',
        id: '/deck/slides/market.mdx',
        loc: { file: '/deck/slides/market.mdx', line: 4, column: 8 },
      }),
    });
  });

  it('becomes a module that throws it and an error located at it', async () => {
    const report = contentErrorReport([issue('error', 'slides/market.mdx', 4, 'must be a number')], '/deck')!;
    const source = contentErrorModule(report.message);
    await expect(import(`data:text/javascript,${encodeURIComponent(source)}`)).rejects.toThrow('slides/market.mdx:4:8 order: must be a number');
    const error = contentError(report);
    expect(error.message).toBe(report.message);
    expect(error).toMatchObject({ stack: '', id: '/deck/slides/market.mdx', loc: { file: '/deck/slides/market.mdx', line: 4, column: 8 } });
  });
});
