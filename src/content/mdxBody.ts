import { compileSync } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import type { ContentIssue } from './contentIssue.ts';
import { oncePerText } from './oncePerText.ts';

/** The remark plugins the build compiles slide bodies with (vite.config.ts gives @mdx-js/rollup the same). */
export const MDX_REMARK_PLUGINS = [remarkFrontmatter];

/** A place in the .mdx file (1-based, frontmatter lines counted). */
export interface SourcePoint {
  line: number;
  column: number;
}

/** An attribute written as text (`to="CoreTechnology"`), or `null` for an expression or a bare flag. */
export interface BodyAttribute extends SourcePoint {
  value: string | null;
}

/** One JSX element of a body: `<SlideLink to="CoreTechnology">` at 40:3. */
export interface BodyElement extends SourcePoint {
  name: string;
  attributes: Readonly<Record<string, BodyAttribute>>;
}

/** What a slide body uses, as the MDX compiler reads it; `issues` holds its syntax errors. */
export interface MdxBody {
  elements: BodyElement[];
  /** Markdown links (`[text](/coretechnology)`) and `<a href>`. */
  links: Array<SourcePoint & { url: string }>;
  /** Markdown images and `<img src>`. */
  images: Array<SourcePoint & { url: string }>;
  /** The prose a reader sees: text runs, and the `title` and `alt` attributes written as text. */
  texts: Array<SourcePoint & { value: string }>;
  issues: ContentIssue[];
}

/** Attributes whose text a reader sees (a section's title, an image's description). */
const PROSE_ATTRIBUTES = new Set(['title', 'alt']);

interface MdNode {
  type: string;
  value?: string;
  name?: string | null;
  url?: string;
  attributes?: Array<{ type: string; name?: string; value?: unknown; position?: { start: SourcePoint } }>;
  children?: MdNode[];
  position?: { start: SourcePoint };
}

/**
 * Compiles a whole slide file (frontmatter included, so positions are the file's) exactly as the build
 * does, and lists the elements, links and images of its body. A syntax error becomes one located issue.
 */
export function readMdxBody(file: string, source: string): MdxBody {
  return compiledBodies(`${file}\0${source}`);
}

// An MDX compile is most of a check's time: each file's text is compiled once.
const compiledBodies = oncePerText(200, (key) => {
  const end = key.indexOf('\0');
  return compileBody(key.slice(0, end), key.slice(end + 1));
});

function compileBody(file: string, source: string): MdxBody {
  const body: MdxBody = { elements: [], links: [], images: [], texts: [], issues: [] };
  const collect = () => (tree: MdNode) => walk(tree, body);
  try {
    compileSync({ path: file, value: source }, { remarkPlugins: [...MDX_REMARK_PLUGINS, collect] });
  } catch (error) {
    return { elements: [], links: [], images: [], texts: [], issues: [syntaxIssue(file, error)] };
  }
  return body;
}

function walk(node: MdNode, body: MdxBody): void {
  const at = node.position?.start ?? { line: 1, column: 1 };
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
    const attributes: Record<string, BodyAttribute> = {};
    for (const attribute of node.attributes ?? []) {
      if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) continue;
      const where = attribute.position?.start ?? at;
      attributes[attribute.name] = { line: where.line, column: where.column, value: typeof attribute.value === 'string' ? attribute.value : null };
      // The text starts after `title="`.
      const value = attributes[attribute.name]!.value;
      if (value && PROSE_ATTRIBUTES.has(attribute.name)) body.texts.push({ value, line: where.line, column: where.column + attribute.name.length + 2 });
    }
    body.elements.push({ name: node.name, line: at.line, column: at.column, attributes });
    const url = node.name === 'a' ? attributes.href : node.name === 'img' ? attributes.src : undefined;
    if (url?.value) (node.name === 'a' ? body.links : body.images).push({ url: url.value, line: url.line, column: url.column });
  }
  if (node.type === 'text' && node.value) body.texts.push({ value: node.value, ...at });
  if (node.type === 'link' && node.url) body.links.push({ url: node.url, ...at });
  if (node.type === 'image' && node.url) body.images.push({ url: node.url, ...at });
  for (const child of node.children ?? []) walk(child, body);
}

/** The compiler's message, at the tag or character it names; its own `(5:1-5:7)` is dropped as repeated. */
function syntaxIssue(file: string, error: unknown): ContentIssue {
  const message = error as { reason?: string; message?: string; line?: number; column?: number };
  const reason = message.reason ?? message.message ?? String(error);
  // An unclosed tag is reported at the end of the file or its paragraph; the tag itself is the place to fix.
  const tag = /Expected a closing tag for `<(\w[\w.:-]*)[^`]*` \((\d+):(\d+)-/.exec(reason);
  const line = tag ? Number(tag[2]) : (message.line ?? 1);
  const column = tag ? Number(tag[3]) : (message.column ?? 1);
  const text = reason.replace(/ \(\d+:\d+-\d+:\d+\)/g, '');
  const hint = tag ? `: close it with </${tag[1]}>, or write <${tag[1]} /> if it wraps nothing` : '';
  return { severity: 'error', file, line, column, field: '', message: `MDX syntax: ${text}${hint}` };
}
