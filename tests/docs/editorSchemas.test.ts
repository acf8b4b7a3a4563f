import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EDITOR_SCHEMA_DIR, EDITOR_SCHEMAS, editorSchemaText } from '../../scripts/support/editorSchemas.ts';

// The JSON Schemas editors use for completion: generated from the zod schemas, current, wired into
// VS Code, and accepting every content file the check accepts (an editor must not flag a good file).
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const schemaOf = (file: string) => JSON.parse(readFileSync(join(EDITOR_SCHEMA_DIR, file), 'utf8'));
const errorsOf = (file: string, data: unknown) => (ajv.validate(schemaOf(file), data) ? [] : (ajv.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

describe('the editor schemas in docs/schemas/', () => {
  it.each(EDITOR_SCHEMAS.map((entry) => [entry.file, entry] as const))('%s is what npm run schemas writes now', (file, entry) => {
    expect(readFileSync(join(EDITOR_SCHEMA_DIR, file), 'utf8'), `${file} is out of date: run npm run schemas`).toBe(editorSchemaText(entry));
  });

  it('each YAML file names its schema, and .vscode/settings.json maps the same', () => {
    const settings = JSON.parse(readFileSync('.vscode/settings.json', 'utf8'))['yaml.schemas'] as Record<string, string>;
    for (const entry of EDITOR_SCHEMAS.filter((e) => e.for.endsWith('.yaml'))) {
      expect(readFileSync(entry.for, 'utf8').split('\n')[0]).toBe(`# yaml-language-server: $schema=../${EDITOR_SCHEMA_DIR}/${entry.file}`);
      expect(settings[`./${EDITOR_SCHEMA_DIR}/${entry.file}`]).toBe(entry.for);
    }
  });

  it('accept the deck settings, the brands and the figures ledger as they are', () => {
    expect(errorsOf('deck.schema.json', parse(readFileSync('slides/deck.yaml', 'utf8')))).toEqual([]);
    expect(errorsOf('brands.schema.json', parse(readFileSync('slides/brands.yaml', 'utf8')))).toEqual([]);
    expect(errorsOf('figures.schema.json', parse(readFileSync('slides/figures.yaml', 'utf8')))).toEqual([]);
  });

  it("accept every page's frontmatter", () => {
    const pages = readdirSync('slides').filter((name) => name.endsWith('.mdx'));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const frontmatter = parse(matter(readFileSync(join('slides', page), 'utf8')).matter);
      expect(errorsOf('slide-frontmatter.schema.json', frontmatter), page).toEqual([]);
    }
  });

  it('refuse what the check refuses field by field: an unknown field, a wrong type, a bad pattern', () => {
    const brands = parse(readFileSync('slides/brands.yaml', 'utf8'));
    brands.brands[1].colour = 'teal';
    expect(errorsOf('brands.schema.json', brands)).toEqual([expect.stringMatching(/^\/brands\/1\/colour must match pattern /)]);
    expect(errorsOf('slide-frontmatter.schema.json', { name: 'Market', label: 'Market', title: 'T', order: 'four', sublable: 'x' })).toEqual([
      ' must NOT have additional properties',
      '/order must be integer',
    ]);
  });
});
