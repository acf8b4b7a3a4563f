import { mkdtempSync, cpSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAgreement } from '../../src/content/agreement.ts';
import { formatIssue } from '../../src/content/contentIssue.ts';
import { reportContent } from '../../src/content/reportContent.ts';

// The confidentiality agreement (slides/agreement.md): a title and a Markdown body, rendered to HTML
// for the platform, versioned by its words; what keeps it from being shown is an error like any slide's.

const FILE = 'slides/agreement.md';
const GOOD =
  '---\ntitle: Confidentiality agreement\n---\n\nYou keep **the deck** to yourself: see [the terms](https://terms.example/nda).\n\n- no copies\n- no forwarding\n';

describe('the agreement', () => {
  it('renders its Markdown to HTML, escaped, with a version from its words', () => {
    const { agreement, issues } = parseAgreement(FILE, GOOD);
    expect(issues).toEqual([]);
    expect(agreement).toEqual({
      title: 'Confidentiality agreement',
      html: '<p>You keep <strong>the deck</strong> to yourself: see <a href="https://terms.example/nda">the terms</a>.</p>\n<ul>\n<li>no copies</li>\n<li>no forwarding</li>\n</ul>',
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    const escaped = parseAgreement(FILE, '---\ntitle: A & B\n---\n\nFees of 5 < 6 & "quotes".\n').agreement!;
    expect(escaped.html).toBe('<p>Fees of 5 &lt; 6 &amp; “quotes”.</p>'.replace('“quotes”', '&quot;quotes&quot;'));
  });

  it('keeps its version across a rebuild of the same words and changes it with the words or the title', () => {
    const version = parseAgreement(FILE, GOOD).agreement!.version;
    expect(parseAgreement(FILE, GOOD).agreement!.version).toBe(version);
    expect(parseAgreement(FILE, GOOD.replace('no copies', 'no prints')).agreement!.version).not.toBe(version);
    expect(parseAgreement(FILE, GOOD.replace('title: Confidentiality', 'title: Non-disclosure')).agreement!.version).not.toBe(version);
  });

  it('reports, by line and column, a missing title, an unknown field, no text, and HTML', () => {
    const lines = (source: string) => parseAgreement(FILE, source).issues.map(formatIssue);
    expect(lines('No frontmatter')).toEqual([`${FILE}:1:1 must start with a --- frontmatter block holding its title`]);
    expect(lines('---\nversion: 2\n---\n\nText\n').sort()).toEqual([`${FILE}:2:1 title: is required`, `${FILE}:2:1 version: is not a known field`]);
    expect(lines('---\ntitle: T\n---\n\n')).toEqual([`${FILE}:4:1 has no text: write the agreement below the frontmatter`]);
    expect(lines('---\ntitle: T\n---\n\nSign <b>here</b>.\n')).toEqual([
      `${FILE}:5:6 holds HTML, which the agreement never shows: write it in Markdown`,
      `${FILE}:5:13 holds HTML, which the agreement never shows: write it in Markdown`,
    ]);
  });

  it('is checked by npm run check with the slides, and named in its verdict', () => {
    const root = mkdtempSync(join(tmpdir(), 'agreement-check-'));
    try {
      cpSync('slides', join(root, 'slides'), { recursive: true });
      cpSync('public', join(root, 'public'), { recursive: true });
      const run = () => {
        const out: string[] = [];
        const ok = reportContent(root, false, { error: (line) => out.push(line), warn: () => undefined, log: (line) => out.push(line) });
        return { ok, out };
      };
      writeFileSync(join(root, 'slides', 'agreement.md'), GOOD);
      const good = run();
      expect(good.ok).toBe(true);
      expect(good.out.at(-1)).toMatch(/agreement "Confidentiality agreement" \(version [0-9a-f]{12}\)/);
      writeFileSync(join(root, 'slides', 'agreement.md'), '---\ntitle: ""\n---\n\nText\n');
      const bad = run();
      expect(bad.ok).toBe(false);
      expect(bad.out.filter((line) => line.startsWith('slides/agreement.md'))).toEqual(['slides/agreement.md:2:8 title: must not be empty']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
