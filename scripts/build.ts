// `npm run build`: the content check, then the client and SSR builds and the prerender into .build/,
// swapped into dist/ only when all of it succeeded. `npm run build -- --release` also refuses samples.
import { stagedBuild } from '../src/build/stagedBuild.ts';
import { reportContent, wantsRelease } from '../src/content/reportContent.ts';

if (!reportContent(process.cwd(), wantsRelease(process.argv, process.env))) process.exit(1);
try {
  const pages = await stagedBuild(process.cwd());
  console.log(`built dist/: ${pages} prerendered pages`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error('The build failed; dist/ was left as it was.');
  process.exit(1);
}
