import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { parseSync } from 'vite';

/** One message the content check can print, as the literal pieces of its text in the code. */
export interface CheckMessage {
  /** `src/content/crossChecks.ts:43` */
  where: string;
  /** The message's fixed words, without the values filled in (`is past the last page (deck.length`). */
  pieces: string[];
}

// Zod's builders whose last argument, when it is text, is the message an editor reads.
const ZOD_MESSAGE_METHODS = new Set(['regex', 'min', 'max', 'positive', 'nonnegative', 'int', 'refine', 'enum', 'literal', 'union', 'length']);
// The content check's own reporters, whose last argument is the message.
const REPORTERS = new Set(['error', 'warning', 'warn', 'note', 'report', 'atTop', 'at']);
// Values and helpers that hold or build part of a message.
const MESSAGE_PARTS = new Set([
  'message',
  'what',
  'hint',
  'fix',
  'outside',
  'lengthIs',
  'missingPage',
  'didYouMean',
  'listFigures',
  'howToWrite',
  'editorMessage',
]);

type Node = { type: string; start: number; [key: string]: unknown };

/** The content check's source: src/content/ and every schema file it reaches through imports. */
export function contentCheckFiles(root: string): string[] {
  const files = readdirSync(join(root, 'src/content'))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `src/content/${name}`);
  const seen = new Set(files);
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(/^import[^'"]*['"](\.[^'"]+)['"]/gm)) {
      const target = normalize(join(dirname(file), match[1]!));
      if (target.startsWith('schemas/') && !seen.has(target)) {
        seen.add(target);
        files.push(target);
      }
    }
  }
  return files;
}

/** Every message of the check in `file` (relative to `root`), found by where the code puts one. */
export function checkMessagesIn(root: string, file: string): CheckMessage[] {
  const text = readFileSync(join(root, file), 'utf8');
  const { program } = parseSync(file, text);
  const found: CheckMessage[] = [];
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const add = (node: Node | undefined) => {
    if (!node || !isText(node)) return;
    const pieces = literalPieces(node).filter((piece) => (piece.match(/[A-Za-z]{2,}/g) ?? []).length >= 2);
    if (pieces.length) found.push({ where: `${file}:${lineOf(node.start)}`, pieces });
  };
  const returned = (fn: Node) => {
    if (fn.type === 'ArrowFunctionExpression' && fn.expression) add(fn.body as Node);
    walk(fn, (inner) => {
      if (inner.type === 'ReturnStatement') add(inner.argument as Node | undefined);
    });
  };
  walk(program as unknown as Node, (node) => {
    const named = (node.id as { name?: string } | undefined)?.name;
    if (node.type === 'VariableDeclarator' && named && MESSAGE_PARTS.has(named) && node.init) {
      const init = node.init as Node;
      if (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') returned(init);
      else add(init);
    }
    if (node.type === 'FunctionDeclaration' && named && MESSAGE_PARTS.has(named)) returned(node);
    if (node.type === 'Property' && !node.computed) {
      const key = (node.key as Node & { name?: string; value?: unknown }).name ?? (node.key as { value?: unknown }).value;
      if (key === 'message' || key === 'error') add(node.value as Node);
    }
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node & { name?: string; property?: { name?: string } };
      const args = node.arguments as Node[];
      const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? callee.property?.name : undefined;
      if (name && ((callee.type === 'Identifier' && REPORTERS.has(name)) || (callee.type === 'MemberExpression' && ZOD_MESSAGE_METHODS.has(name)))) {
        add(args[args.length - 1]);
      }
    }
  });
  return found;
}

/** A string, a template or text joined with `+` or `||`: something a message can be. */
function isText(node: Node): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string';
  if (node.type === 'TemplateLiteral') return true;
  if (node.type === 'BinaryExpression' || node.type === 'LogicalExpression') return isText(node.left as Node) || isText(node.right as Node);
  if (node.type === 'ConditionalExpression') return isText(node.consequent as Node) || isText(node.alternate as Node);
  return false;
}

/** The fixed text of a message: its string literals and the literal parts of its templates, at any depth. */
function literalPieces(node: Node): string[] {
  const pieces: string[] = [];
  walk(node, (inner) => {
    // A comparison inside a message chooses its words (`error.code === 'BAD_INDENT'`); it is no part of them.
    if (inner.type === 'BinaryExpression' && /^[!=]==?$/.test(inner.operator as string)) return false;
    if (inner.type === 'Literal' && typeof inner.value === 'string') pieces.push(inner.value);
    if (inner.type === 'TemplateElement') pieces.push((inner.value as { cooked: string }).cooked);
  });
  return pieces.map((piece) => piece.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** Visits `node` and everything below it, except below a node for which `visit` returns false. */
function walk(node: Node, visit: (node: Node) => boolean | undefined | void): void {
  if (visit(node) === false) return;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object' && typeof item.type === 'string') walk(item as Node, visit);
    } else if (value && typeof value === 'object' && typeof (value as Node).type === 'string') {
      walk(value as Node, visit);
    }
  }
}
