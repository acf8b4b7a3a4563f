import { z } from 'zod';
import { BrandsFile } from '../../schemas/brand.ts';
import { DeckSettings } from '../../schemas/deckSettings.ts';
import { FiguresFile } from '../../schemas/figure.ts';
import { SlideFrontmatter } from '../../schemas/slideFrontmatter.ts';

/** Where the JSON Schemas for editors live, relative to the project root. */
export const EDITOR_SCHEMA_DIR = 'docs/schemas';

/** One content file's JSON Schema: its file name under EDITOR_SCHEMA_DIR, the files it is for, its text. */
export interface EditorSchema {
  file: string;
  /** The files it describes, as a glob from the project root (what `.vscode/settings.json` maps). */
  for: string;
  title: string;
  schema: z.ZodType;
  /** A brands.yaml value may be a whole setting (`domain: '{website}'`), filled in before it is checked. */
  allowSettingTokens?: boolean;
}

export const EDITOR_SCHEMAS: readonly EditorSchema[] = [
  { file: 'deck.schema.json', for: 'slides/deck.yaml', title: 'Deck settings (slides/deck.yaml)', schema: DeckSettings },
  { file: 'brands.schema.json', for: 'slides/brands.yaml', title: 'Brands (slides/brands.yaml)', schema: BrandsFile, allowSettingTokens: true },
  { file: 'figures.schema.json', for: 'slides/figures.yaml', title: 'The figures ledger (slides/figures.yaml)', schema: FiguresFile },
  { file: 'slide-frontmatter.schema.json', for: 'slides/*.mdx', title: "A page's frontmatter (slides/*.mdx)", schema: SlideFrontmatter },
];

// A whole `{setting}` token, such as `{website}`: the content check fills it in before it validates.
const SETTING_TOKEN = '\\{[A-Za-z]+\\}';

/**
 * The JSON text of one schema, generated from the zod schema the content check uses (draft 7, which
 * VS Code's YAML extension reads), so an editor's completion and errors never disagree with the check
 * about a field. Checks across fields and files (a figure id that exists, a gap in the order) stay the
 * check's own.
 */
export function editorSchemaText(entry: EditorSchema): string {
  const json = z.toJSONSchema(entry.schema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      if (entry.allowSettingTokens && typeof jsonSchema.pattern === 'string') {
        jsonSchema.pattern = `^(?:${SETTING_TOKEN}|(?:${jsonSchema.pattern.replace(/^\^|\$$/g, '')}))$`;
      }
    },
  });
  return `${JSON.stringify({ ...json, title: entry.title }, null, 2)}\n`;
}
