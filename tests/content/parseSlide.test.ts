import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { parseSlide } from '../../src/content/parseSlide.ts';
import { SETTING_NAMES } from '../../src/content/settingNames.ts';
import { parseYamlSource } from '../../src/content/yamlSource.ts';
import { fixture } from '../fixtures/deckFixture.ts';

const TOKENS = { name: 'Sample Lender, Inc.', host: 'Sample Host', phone: '(555) 010-0100' };

function issuesOf(file: string) {
  return parseSlide(`tests/fixtures/${file}`, fixture(file), TOKENS).issues.map(formatIssue);
}

describe('parseSlide', () => {
  it('validates a good slide, fills its blanks and keeps money as numbers', () => {
    const { slide, issues } = parseSlide('good.mdx', fixture('good-slide.mdx'), TOKENS);
    expect(issues).toEqual([]);
    expect(slide?.frontmatter.title).toBe('A good page for Sample Lender, Inc.');
    expect(slide?.frontmatter.stats?.[1]).toMatchObject({ usd: 1209750, exact: true });
    expect(slide?.bodyLine).toBe(17);
  });

  it('reports every error of a broken slide at once, each with its line, column and field', () => {
    expect(issuesOf('broken/many-errors.mdx')).toEqual([
      'tests/fixtures/broken/many-errors.mdx:2:7 name: must be a PascalCase page name such as ExecutiveSummary',
      'tests/fixtures/broken/many-errors.mdx:4:8 order: must be 1 or more',
      'tests/fixtures/broken/many-errors.mdx:5:8 title: must not be empty',
      'tests/fixtures/broken/many-errors.mdx:7:5 stats[0]: needs exactly one of figure, value, usd, usdRange (has value, usd)',
      'tests/fixtures/broken/many-errors.mdx:11:22 stats[1].usdRange.low: low ($1.5M) is above high ($1.25M)',
      'tests/fixtures/broken/many-errors.mdx:14:11 cards[0].code: must be a code such as KG-001',
      'tests/fixtures/broken/many-errors.mdx:15:5 cards[0].colour: is not a known field',
    ]);
  });

  it('rejects blanks that are not deck settings, and settings written as MDX expressions', () => {
    expect(issuesOf('broken/unknown-token.mdx')).toEqual([
      'tests/fixtures/broken/unknown-token.mdx:5:8 title: {partner} is not a deck setting',
      'tests/fixtures/broken/unknown-token.mdx:8:7 {host} in a slide body is code in MDX: write <Setting name="host" /> instead',
    ]);
  });

  it('reports a body that shows a group the frontmatter does not have', () => {
    const text = fixture('good-slide.mdx').replace('<Cards group="questions" />', '<Cards group="answers" />');
    const { issues } = parseSlide('x.mdx', text, TOKENS);
    expect(issues.map(formatIssue)).toEqual(['x.mdx:20:1 <Cards group="answers">: no cards in the frontmatter have group answers']);
    // A kind the frontmatter has none of at all.
    const noAudiences = parseSlide('x.mdx', text.replace('<Cards group="answers" />', '<Audiences group="lenders" />'), TOKENS).issues;
    expect(noAudiences.map(formatIssue)).toEqual(['x.mdx:20:1 <Audiences group="lenders">: no audiences in the frontmatter have group lenders']);
  });

  it('reports a component that is not one of the deck’s, pointing to the list when no name is close', () => {
    const text = fixture('good-slide.mdx').replace('<Cards group="questions" />', '<Zebra />');
    expect(parseSlide('x.mdx', text, TOKENS).issues.map(formatIssue)).toEqual([
      'x.mdx:20:1 <Zebra>: is not a slide component (the components are listed in src/content/mdxComponentNames.ts)',
    ]);
  });

  it('reports invalid YAML with its position', () => {
    const [issue, ...rest] = issuesOf('broken/bad-yaml.mdx');
    expect(rest).toEqual([]);
    expect(issue).toMatch(/^tests\/fixtures\/broken\/bad-yaml\.mdx:5:\d+ invalid YAML: /);
  });

  it('requires a frontmatter block', () => {
    expect(issuesOf('broken/no-frontmatter.mdx')).toEqual(['tests/fixtures/broken/no-frontmatter.mdx:1:1 must start with a --- frontmatter block']);
  });

  it('requires the frontmatter block at the very top, not below a first line', () => {
    const issues = parseSlide('x.mdx', `A note first\n${fixture('good-slide.mdx')}`, TOKENS).issues.map(formatIssue);
    expect(issues).toEqual(['x.mdx:1:1 must start with a --- frontmatter block']);
  });

  it('reports <Setting> without a name, or with a name that is no setting, as errors', () => {
    const withBody = (body: string) => `${fixture('good-slide.mdx')}\n${body}\n`;
    const bodyLine = fixture('good-slide.mdx').split('\n').length + 1;
    const nameless = parseSlide('x.mdx', withBody('<Setting />'), TOKENS).issues;
    const settings = SETTING_NAMES.join(', ');
    expect(settings).toContain('phone');
    expect(nameless.map((issue) => [issue.severity, formatIssue(issue)])).toEqual([
      ['error', `x.mdx:${bodyLine}:1 <Setting>: needs name="…", one of ${settings}`],
    ]);
    const unknown = parseSlide('x.mdx', withBody('<Setting name="fax" />'), TOKENS).issues;
    expect(unknown.map((issue) => [issue.severity, formatIssue(issue)])).toEqual([
      ['error', `x.mdx:${bodyLine}:10 <Setting name="fax">: is not a deck setting; the settings are ${settings}`],
    ]);
    // A near miss names the setting meant instead of listing them all.
    const misspelt = parseSlide('x.mdx', withBody('<Setting name="phnoe" />'), TOKENS).issues.map(formatIssue);
    expect(misspelt).toEqual([`x.mdx:${bodyLine}:10 <Setting name="phnoe">: is not a deck setting (did you mean phone?)`]);
  });

  it('reads only <Setting>’s name as a setting, camel-cased SVG elements as elements, not components, and <Cards /> as every card', () => {
    const body = '<span name="top">Top</span>\n\n<svg aria-hidden="true"><linearGradient id="fade" /></svg>\n\n<Cards />';
    expect(parseSlide('x.mdx', `${fixture('good-slide.mdx')}\n${body}\n`, TOKENS).issues).toEqual([]);
  });
});

describe('encodings', () => {
  const windows = (text: string) => `\uFEFF${text.replace(/\n/g, '\r\n')}`;

  it('reads a slide with a byte-order mark and CRLF line endings as the same slide', () => {
    const plain = parseSlide('good.mdx', fixture('good-slide.mdx'), TOKENS);
    const saved = parseSlide('good.mdx', windows(fixture('good-slide.mdx')), TOKENS);
    expect(saved.issues).toEqual([]);
    expect(saved.slide?.frontmatter).toEqual(plain.slide?.frontmatter);
    expect(saved.slide?.body).toBe(plain.slide?.body);
    expect(saved.slide?.bodyLine).toBe(plain.slide?.bodyLine);
  });

  it('reports errors of such a slide at the same line and column', () => {
    const text = fixture('broken/many-errors.mdx');
    const plain = parseSlide('x.mdx', text, TOKENS).issues.map(formatIssue);
    expect(parseSlide('x.mdx', windows(text), TOKENS).issues.map(formatIssue)).toEqual(plain);
    expect(plain.length).toBeGreaterThan(3);
  });

  it('reads a YAML file with a byte-order mark and CRLF line endings, positions unchanged', () => {
    const text = 'company:\n  name: Reverse Holdings Group\nbrands:\n  - id: hub\n';
    const plain = parseYamlSource('deck.yaml', text);
    const saved = parseYamlSource('deck.yaml', windows(text));
    expect(saved.issues).toEqual([]);
    expect(saved.data).toEqual(plain.data);
    expect(saved.locate(['brands', 0, 'id'])).toEqual(plain.locate(['brands', 0, 'id']));
    expect(saved.locate(['brands', 0, 'id'])).toEqual({ line: 4, column: 9 });
  });
});
