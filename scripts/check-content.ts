// `npm run check`: validates every content file and reports like a compiler, all issues at once.
// `npm run check -- --release` (or DECK_RELEASE=1) also refuses while slides/deck.yaml lists sample values.
import { formatIssue, hasErrors } from '../src/content/contentIssue.ts';
import { loadContent } from '../src/content/loadContent.ts';
import { sampleNotice } from '../src/content/samples.ts';

const release = process.argv.includes('--release') || process.env.DECK_RELEASE === '1';
const { content, issues } = loadContent(process.cwd());
for (const issue of issues) console.error(formatIssue(issue));
if (hasErrors(issues)) {
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  console.error(`\n${errors} error(s) in the slides; nothing was built.`);
  process.exit(1);
}
const samples = content && sampleNotice(content.settings);
if (samples && release) {
  console.error(`Release refused. ${samples}`);
  process.exit(1);
}
if (samples) console.warn(samples);
const count = (severity: string) => issues.filter((issue) => issue.severity === severity).length;
const pages = content?.slides.length ?? 0;
console.log(`content ok: ${pages} pages, ${content?.brands.length ?? 0} brands, ${count('warning')} warning(s), ${count('note')} note(s)`);
