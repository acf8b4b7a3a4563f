import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyHelpRows } from '../../src/deck/keyHelp.ts';

/** The first table under `heading` in a guide, as [keys, action] rows without the header row. */
function keyTable(file: string, heading: string): string[][] {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(heading);
  expect(start, `${file} has a section "${heading}"`).toBeGreaterThanOrEqual(0);
  const section = text.slice(start + heading.length).split(/^## /m)[0]!;
  const table = section.slice(section.indexOf('| keys |')).split(/\n(?!\|)/)[0]!;
  return [...table.matchAll(/^\| ([^|]+) \| ([^|]+) \|$/gm)].slice(1).map((match) => [match[1]!.trim(), match[2]!.trim()]);
}

describe("the guides' keyboard tables", () => {
  const expected = keyHelpRows().map(([keys, description]) => [keys.join(' / '), description]);
  it('are the keymap table, row for row, in the partner guide', () => {
    expect(keyTable('docs/partner.md', '## Moving through the pages')).toEqual(expected);
  });
  it('and in the presenting guide', () => {
    expect(keyTable('docs/presenting.md', '## Keys')).toEqual(expected);
  });
});
