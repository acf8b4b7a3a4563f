// `npm run schemas`: writes the JSON Schemas editors use for completion in the content files into
// docs/schemas/, from the zod schemas the content check uses. `-- --check` changes nothing and exits 1
// when a file is missing or out of date (npm test checks the same).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_SCHEMA_DIR, EDITOR_SCHEMAS, editorSchemaText } from './support/editorSchemas.ts';

const check = process.argv.includes('--check');
const stale: string[] = [];
mkdirSync(EDITOR_SCHEMA_DIR, { recursive: true });
for (const entry of EDITOR_SCHEMAS) {
  const path = join(EDITOR_SCHEMA_DIR, entry.file);
  const text = editorSchemaText(entry);
  if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
  if (check) stale.push(path);
  else {
    writeFileSync(path, text);
    console.log(`wrote ${path}`);
  }
}
if (stale.length) {
  console.error(`Out of date: ${stale.join(', ')}. Run npm run schemas and commit the result.`);
  process.exit(1);
}
