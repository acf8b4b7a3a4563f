// `npm run check`: validates every content file and reports like a compiler, all issues at once.
import { formatIssue, hasErrors } from '../src/content/contentIssue.ts';
import { loadContent } from '../src/content/loadContent.ts';

const { content, issues } = loadContent(process.cwd());
for (const issue of issues) console.error(formatIssue(issue));
if (hasErrors(issues)) {
  const errors = issues.filter((issue) => issue.severity === 'error').length;
  console.error(`\n${errors} error(s) in the slides; nothing was built.`);
  process.exit(1);
}
const count = (severity: string) => issues.filter((issue) => issue.severity === severity).length;
const pages = content?.slides.length ?? 0;
console.log(`content ok: ${pages} pages, ${content?.brands.length ?? 0} brands, ${count('warning')} warning(s), ${count('note')} note(s)`);
