// `npm run check`: validates every content file and reports like a compiler, all issues at once.
// `npm run check -- --release` (or DECK_RELEASE=1) also refuses while sample values remain.
// `npm run check -- --since REF` then lists the figures that changed since that commit.
// `npm run check -- --samples` lists every sample value still in place (without it, one line counts them).
import { reportContent, wantsRelease, wantsSampleList } from '../src/content/reportContent.ts';
import { reportFigureChanges, sinceRef } from '../src/content/reportFigureChanges.ts';

let since: string | undefined;
try {
  since = sinceRef(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const ok = reportContent(process.cwd(), wantsRelease(process.argv, process.env), console, undefined, wantsSampleList(process.argv));
if (since !== undefined && ok) {
  console.log('');
  if (!reportFigureChanges(process.cwd(), since)) process.exit(1);
}
if (!ok) process.exit(1);
