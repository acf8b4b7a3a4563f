import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../scripts/bench/args.ts';
import { resourceKind } from '../../scripts/bench/resourceKind.ts';
import { fixed, formatTable, kb } from '../../scripts/bench/table.ts';

describe('formatTable', () => {
  it('pads every column but the last to its widest cell plus two spaces', () => {
    const text = formatTable(
      ['metric', '/', 'target'],
      [
        { metric: 'first visit (KB)', cells: ['83.1'], target: '≤ 85' },
        { metric: 'CLS', cells: ['0.000'], target: '0' },
      ],
    );
    expect(text.split('\n')).toEqual(['metric            /      target', 'first visit (KB)  83.1   ≤ 85', 'CLS               0.000  0']);
  });
  it('formats numbers and missing values', () => {
    expect(kb(85 * 1024)).toBe('85.0');
    expect(kb(undefined)).toBe('n/a');
    expect(fixed(Number.NaN)).toBe('n/a');
    expect(fixed(0.8123, 2)).toBe('0.81');
  });
});

describe('resourceKind', () => {
  it('classifies by MIME type, then by resource type', () => {
    expect(resourceKind('text/javascript', 'Script')).toBe('js');
    expect(resourceKind('text/css', undefined)).toBe('css');
    expect(resourceKind('text/html', 'Document')).toBe('html');
    expect(resourceKind('image/svg+xml', 'Image')).toBe('media');
    expect(resourceKind('font/woff2', 'Font')).toBe('media');
    expect(resourceKind('', 'Script')).toBe('js');
    expect(resourceKind('application/json', 'Fetch')).toBe('other');
  });
});

describe('parseArgs', () => {
  it('reads the options and rejects unknown ones', () => {
    const args = parseArgs(['--no-build', '--load-seconds', '5', '--skip=lighthouse,keys']);
    expect(args.build).toBe(false);
    expect(args.loadSeconds).toBe(5);
    expect([...args.skip]).toEqual(['lighthouse', 'keys']);
    expect(parseArgs([]).loadSeconds).toBe(30);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown option/);
    expect(() => parseArgs(['--load-seconds', '0'])).toThrow(/positive/);
  });
});
