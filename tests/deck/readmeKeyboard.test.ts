import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEYMAP, keyLabel } from '../../src/deck/keymap.ts';

describe("the README's keyboard table", () => {
  it('is the keymap table, row for row', () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('## Keyboard'));
    const rows = [...section.matchAll(/^\| ([^|]+) \| ([^|]+) \|$/gm)].slice(1).map((match) => [match[1]!.trim(), match[2]!.trim()]);
    expect(rows).toEqual(KEYMAP.map((entry) => [entry.keys.map(keyLabel).join(' / '), entry.description]));
  });
});
