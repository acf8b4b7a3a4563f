import { createHash } from 'node:crypto';
import { evaluateSync } from '@mdx-js/mdx';
import matter from 'gray-matter';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { AgreementFrontmatter, type AgreementText } from '../../schemas/agreement.ts';
import type { ContentIssue } from './contentIssue.ts';
import { parseYamlSource, validateYamlSource } from './yamlSource.ts';

// The confidentiality agreement (slides/agreement.md, optional): a title in its frontmatter and a
// Markdown body, rendered to HTML here, once, for the platform to show. Plain Markdown only: raw HTML
// is refused rather than shown or silently dropped, so what the editor wrote is what a partner reads.

/** The agreement's file under slides/. */
export const AGREEMENT_NAME = 'agreement.md';

interface MdNode {
  type: string;
  children?: MdNode[];
  position?: { start: { line: number; column: number } };
}

/** Reads the agreement: its text for the platform, or the issues that keep it from being shown. */
export function parseAgreement(file: string, source: string): { agreement?: AgreementText; issues: ContentIssue[] } {
  const at = (line: number, column: number, field: string, message: string): ContentIssue => ({ severity: 'error', file, line, column, field, message });
  if (!/^---\n/.test(source)) return { issues: [at(1, 1, '', 'must start with a --- frontmatter block holding its title')] };
  const split = matter(source, { engines: { yaml: () => ({}) } });
  const lineOffset = source.slice(0, source.indexOf(split.matter)).split('\n').length - 1;
  const yaml = parseYamlSource(file, split.matter, lineOffset);
  const { value, issues } = validateYamlSource(yaml, AgreementFrontmatter);
  const all = [...yaml.issues, ...issues];
  const body = split.content.trim();
  const bodyLine = source.slice(0, source.length - split.content.length).split('\n').length;
  if (!body) all.push(at(bodyLine, 1, '', 'has no text: write the agreement below the frontmatter'));
  let html = '';
  try {
    const raw: MdNode[] = [];
    const { default: Agreement } = evaluateSync(split.content, {
      ...runtime,
      format: 'md',
      remarkPlugins: [() => (tree: MdNode) => collect(tree, raw)],
    } as Parameters<typeof evaluateSync>[1]);
    for (const node of raw) {
      const start = node.position?.start ?? { line: 1, column: 1 };
      all.push(at(start.line + bodyLine - 1, start.column, '', 'holds HTML, which the agreement never shows: write it in Markdown'));
    }
    html = renderToStaticMarkup(createElement(Agreement));
  } catch (error) {
    const place = (error as { place?: { line?: number; column?: number } }).place;
    all.push(at((place?.line ?? 1) + bodyLine - 1, place?.column ?? 1, '', `is not valid Markdown: ${(error as Error).message.split('\n')[0]}`));
  }
  if (!value || all.length > 0) return { issues: all };
  const version = createHash('sha256')
    .update(JSON.stringify([value.title, body]))
    .digest('hex')
    .slice(0, 12);
  return { agreement: { title: value.title, html, version }, issues: [] };
}

// Raw HTML nodes (`html`) anywhere in the Markdown tree.
function collect(node: MdNode, found: MdNode[]): void {
  if (node.type === 'html') found.push(node);
  for (const child of node.children ?? []) collect(child, found);
}
