// Second step of `npm run build`: renders every route of the SSR build into dist/*.html.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prerender, type ServerEntry } from '../src/build/prerender.ts';

const ssrDir = resolve('dist-ssr');
const entry = (await import(pathToFileURL(resolve(ssrDir, 'entry-server.js')).href)) as ServerEntry;
const written = await prerender(entry, resolve('dist'));
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${written.length} pages into dist/`);
