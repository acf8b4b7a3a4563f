// `npm run check`: validates every content file and reports like a compiler, all issues at once.
// `npm run check -- --release` (or DECK_RELEASE=1) also refuses while slides/deck.yaml lists sample values.
import { reportContent, wantsRelease } from '../src/content/reportContent.ts';

if (!reportContent(process.cwd(), wantsRelease(process.argv, process.env))) process.exit(1);
