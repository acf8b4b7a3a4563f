import matter from 'gray-matter';
import { SlideFrontmatter } from '../../schemas/slideFrontmatter.ts';
import type { ContentIssue } from './contentIssue.ts';
import { unknownToken } from './unknownToken.ts';
import { fillTokens, type DeckTokens } from './deckTokens.ts';
import { didYouMean } from './closestName.ts';
import { MDX_COMPONENT_NAMES, type MdxComponentName } from './mdxComponentNames.ts';
import { readMdxBody, type MdxBody } from './mdxBody.ts';
import { isSettingName, SETTING_NAMES } from './settingNames.ts';
import { normalizeSourceText } from './sourceText.ts';
import { parseYamlSource, validateYamlSource, type YamlSource } from './yamlSource.ts';

/** A slide file after its frontmatter has been validated and its blanks filled. */
export interface ParsedSlide {
  file: string;
  /** The file's text (byte-order mark and CR removed), for checks that point inside a field. */
  text: string;
  /** The frontmatter as written, before its blanks were filled: the figure checks read what the editor typed. */
  raw: unknown;
  frontmatter: SlideFrontmatter;
  /** The MDX body, for checks that read which records it shows. */
  body: string;
  /** 1-based line of the body's first line in the file. */
  bodyLine: number;
  /** Where a frontmatter field stands, for issues found later by the cross-checks. */
  locate: YamlSource['locate'];
  /** The body's elements, links and images as the MDX compiler read them. */
  mdx: MdxBody;
}

/** Record kinds a body component can show by group (`<Cards group="root-causes" />`). */
const GROUPED_COMPONENTS = { Cards: 'cards', Stats: 'stats', Audiences: 'audiences' } as const;

/**
 * Pure: the text of one slide file in, the validated slide and every issue out.
 * The content check, the Vite plugin and the tests all call this one function.
 */
export function parseSlide(file: string, text: string, tokens: DeckTokens): { slide?: ParsedSlide; issues: ContentIssue[] } {
  const source = normalizeSourceText(text);
  const atTop = (message: string): ContentIssue => ({ severity: 'error', file, line: 1, column: 1, field: '', message });
  if (!/^---\n/.test(source)) return { issues: [atTop('must start with a --- frontmatter block')] };

  // gray-matter only splits: YAML 1.2 parses below (the same parser as the check's
  // positions), which also reports a syntax error with its position. gray-matter's own parse would be
  // thrown away, so its engine parses nothing.
  // Stryker disable next-line ArrowFunction: what the engine returns is gray-matter's data, never read.
  const split = matter(source, { engines: { yaml: () => ({}) } });
  const yamlStart = source.indexOf(split.matter);
  const lineOffset = source.slice(0, yamlStart).split('\n').length - 1;
  const yaml = parseYamlSource(file, split.matter, lineOffset);
  if (yaml.issues.length) return { issues: yaml.issues };

  const filled = fillTokens(yaml.data, tokens);
  const tokenIssues = filled.unknown.map(({ path, token }) => unknownToken(yaml, path, token));
  const { value, issues } = validateYamlSource(yaml, SlideFrontmatter, filled.value);
  const bodyLine = source.slice(0, source.length - split.content.length).split('\n').length;
  // The body is compiled as the build compiles it, whatever the frontmatter's state, so one run shows both.
  const mdx = readMdxBody(file, source);
  const all = [...tokenIssues, ...issues, ...mdx.issues, ...unknownComponents(file, mdx)];
  if (!value) return { issues: all };
  all.push(...checkBody(file, split.content, bodyLine, value, mdx));
  return { slide: { file, text: source, raw: yaml.data, frontmatter: value, body: split.content, bodyLine, locate: yaml.locate, mdx }, issues: all };
}

const KNOWN_COMPONENTS: ReadonlySet<string> = new Set(MDX_COMPONENT_NAMES);
/** The components whose `name` is a deck setting (`<Setting name="host" />`, `<ContactDetail name="phone" />`). */
const SETTING_COMPONENTS: ReadonlySet<string> = new Set<MdxComponentName>(['Setting', 'ContactDetail']);

/** A capitalised tag that no component answers to renders nothing but an error page: name the one meant. */
function unknownComponents(file: string, mdx: MdxBody): ContentIssue[] {
  return mdx.elements
    .filter(({ name }) => /^[A-Z]/.test(name) && !name.includes('.') && !KNOWN_COMPONENTS.has(name))
    .map(({ name, line, column }) => ({
      severity: 'error',
      file,
      line,
      column,
      field: `<${name}>`,
      message: `is not a slide component${didYouMean(name, MDX_COMPONENT_NAMES) || ' (the components are listed in src/content/mdxComponentNames.ts)'}`,
    }));
}

function checkBody(file: string, body: string, bodyLine: number, frontmatter: SlideFrontmatter, mdx: MdxBody): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const element of mdx.elements) {
    const setting = SETTING_COMPONENTS.has(element.name) ? element.attributes.name : undefined;
    if (SETTING_COMPONENTS.has(element.name) && !setting?.value) {
      issues.push({
        severity: 'error',
        file,
        ...(setting ?? element),
        field: `<${element.name}>`,
        message: 'needs name="…", one of ' + SETTING_NAMES.join(', '),
      });
    } else if (setting?.value && !isSettingName(setting.value)) {
      issues.push({
        severity: 'error',
        file,
        line: setting.line,
        column: setting.column,
        field: `<${element.name} name="${setting.value}">`,
        message: `is not a deck setting${didYouMean(setting.value, SETTING_NAMES) || `; the settings are ${SETTING_NAMES.join(', ')}`}`,
      });
    }
    const group = element.attributes.group?.value;
    if (!(element.name in GROUPED_COMPONENTS) || group == null) continue;
    const kind = GROUPED_COMPONENTS[element.name as keyof typeof GROUPED_COMPONENTS];
    // Stryker disable next-line ArrayDeclaration: any stand-in without this group reads as no records alike.
    const records: ReadonlyArray<{ group?: string }> = frontmatter[kind] ?? [];
    if (!records.some((record) => record.group === group)) {
      const { line, column } = element;
      issues.push({
        severity: 'error',
        file,
        line,
        column,
        field: `<${element.name} group="${group}">`,
        message: `no ${kind} in the frontmatter have group ${group}`,
      });
    }
  }
  body.split('\n').forEach((text, index) => {
    const at = (column: number, field: string, message: string) =>
      issues.push({ severity: 'error', file, line: bodyLine + index, column: column + 1, field, message });
    // In MDX `{host}` is a JavaScript expression and would crash the page; the body uses <Setting> instead.
    for (const match of text.matchAll(/\{(\w+)\}/g)) {
      if (isSettingName(match[1]!)) at(match.index, '', `{${match[1]}} in a slide body is code in MDX: write <Setting name="${match[1]}" /> instead`);
    }
  });
  return issues;
}
