import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { formatFieldPath, type ContentIssue, type FieldPath } from './contentIssue.ts';
import { oncePerText } from './oncePerText.ts';
import { normalizeSourceText } from './sourceText.ts';

/**
 * A YAML text that remembers where each field stands, so a schema error can name its line and column.
 * `lineOffset` is the line the YAML starts on inside its file (frontmatter starts below `---`).
 */
export interface YamlSource {
  file: string;
  data: unknown;
  issues: ContentIssue[];
  /**
   * Line and column (1-based, in the file) of the field at `path` (its value, or its key with
   * `atKey`), or of its nearest existing parent.
   */
  locate(path: FieldPath, atKey?: boolean): { line: number; column: number };
}

export function parseYamlSource(file: string, raw: string, lineOffset = 0): YamlSource {
  const { text, lines, doc } = parsedText(raw);
  const position = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
  // The first syntax error is the editor's mistake; the parser's later ones are its consequences
  // (one mis-indented line makes a dozen), so only the first is reported, at the line's first character.
  const issues: ContentIssue[] = doc.errors.slice(0, 1).map((error) => ({
    severity: 'error',
    file,
    ...position(skipIndent(text, error.pos[0])),
    field: '',
    message: `invalid YAML: ${error.message.split('\n')[0]}${error.code === 'BAD_INDENT' ? ' (check the indentation of this line)' : ''}`,
  }));
  return {
    file,
    data: issues.length ? undefined : doc.toJS(),
    issues,
    locate: (path, atKey = false) => position(nodeOffset(doc, path, atKey)),
  };
}

interface ParsedText {
  text: string;
  lines: LineCounter;
  doc: Document;
}

// YAML parsing with positions is most of a check's time after the MDX compile: each text is parsed once
// (`toJS()` gives every caller its own data from the shared document).
const parsedText = oncePerText(200, (raw): ParsedText => {
  const text = normalizeSourceText(raw);
  const lines = new LineCounter();
  // YAML 1.2 core schema, the one parser of the content: `010` or dates read alike in every file.
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  return { text, lines, doc };
});

/** Validates a parsed source, turning every schema issue into a located diagnostic at once. */
export function validateYamlSource<S extends z.ZodType>(
  source: YamlSource,
  schema: S,
  data = source.data,
): {
  value?: z.infer<S>;
  issues: ContentIssue[];
} {
  // A file that is not valid YAML has its syntax error reported; its fields would only add noise.
  if (source.issues.length) return { issues: [] };
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data, issues: [] };
  const issues = result.error.issues.flatMap((issue): ContentIssue[] => {
    // An unknown key is reported at the key itself, one diagnostic per key, so the editor sees the typo.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    return keys.map((key) => {
      const path = key === undefined ? issue.path : [...issue.path, key];
      return {
        severity: 'error' as const,
        file: source.file,
        ...source.locate(path, key !== undefined),
        field: formatFieldPath(path, source.data),
        message: key === undefined ? editorMessage(issue, data, path) : 'is not a known field',
      };
    });
  });
  return { issues };
}

const KINDS: Record<string, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of fields',
};

/** Zod's type errors in the words an editor uses: "is required", "must be a number". */
function editorMessage(issue: z.core.$ZodIssue, data: unknown, path: FieldPath): string {
  if (issue.code !== 'invalid_type') return issue.message;
  const value = path.reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown> | undefined)?.[key], data);
  if (value === undefined) return 'is required';
  return `must be ${KINDS[issue.expected] ?? issue.expected}`;
}

function nodeOffset(doc: Document, path: FieldPath, atKey: boolean): number {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (const [index, key] of path.entries()) {
    if (!node || typeof node !== 'object' || !('items' in node)) break;
    const items = (node as { items: unknown[] }).items;
    let next: unknown;
    if (isMap(node)) {
      const pair = items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === key);
      if (!isPair(pair)) break;
      // Point at the value where there is one, else at the key (`valuation:` with nothing after it).
      const keyOnly = atKey && index === path.length - 1;
      offset = (keyOnly ? undefined : rangeStart(pair.value)) ?? rangeStart(pair.key) ?? offset;
      next = pair.value;
    } else if (typeof key === 'number') {
      next = items[key];
      offset = rangeStart(next) ?? offset;
    }
    if (next === undefined) break;
    node = next;
  }
  return offset;
}

/** An offset inside a line's leading spaces moves to the line's first character. */
function skipIndent(text: string, offset: number): number {
  let at = offset;
  while (text[at] === ' ' || text[at] === '\t') at++;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*$/.test(text.slice(lineStart, offset)) && text[at] !== '\n' ? at : offset;
}

function rangeStart(node: unknown): number | undefined {
  return node && typeof node === 'object' && 'range' in node ? (node as Node).range?.[0] : undefined;
}
