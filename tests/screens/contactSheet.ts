import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OUTPUT_DIR } from './pixelBaseline.ts';

// One HTML page with every screen the last run took (`npm run screens` prints its path): each
// screen's sizes side by side, what its checks found, and the diff image of a changed picture.

/** One screen at one size, as a run saw it. */
export interface SheetEntry {
  label: string;
  screen: string;
  who: string;
  size: string;
  picture: string;
  diff?: string | undefined;
  problems: string[];
  failure: string | null;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Writes OUTPUT_DIR/index.html from every part's entries (OUTPUT_DIR/*.json); returns its path. */
export function writeContactSheet(): string {
  const entries = readdirSync(OUTPUT_DIR)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => JSON.parse(readFileSync(join(OUTPUT_DIR, name), 'utf8')) as SheetEntry[]);
  const groups = new Map<string, SheetEntry[]>();
  for (const entry of entries) groups.set(`${entry.screen} (${entry.who})`, [...(groups.get(`${entry.screen} (${entry.who})`) ?? []), entry]);
  const link = (file: string) => escapeHtml(relative(OUTPUT_DIR, file));
  const flagged = entries.filter((entry) => entry.problems.length || entry.failure).length;
  const sections = [...groups].map(([title, group]) => {
    const figures = group.map((entry) => {
      const notes = [...entry.problems, ...(entry.failure ? [entry.failure] : [])];
      return `<figure${notes.length ? ' class="flagged"' : ''}><a href="${link(entry.picture)}"><img loading="lazy" src="${link(entry.picture)}" alt="${escapeHtml(entry.label)}"></a>
<figcaption>${escapeHtml(entry.size)}${entry.diff ? ` · <a href="${link(entry.diff)}">diff</a>` : ''}${notes.length ? `<ul>${notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>` : ''}</figcaption></figure>`;
    });
    return `<section><h2>${escapeHtml(title)}</h2><div class="row">${figures.join('\n')}</div></section>`;
  });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Screens: contact sheet</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:1rem 2rem;color:#0b1f3a}h2{font-size:16px;margin:1.5rem 0 .5rem}
.row{display:flex;gap:1rem;align-items:flex-start;flex-wrap:wrap}figure{margin:0;max-width:420px}img{max-width:420px;max-height:320px;border:1px solid #d9e0e8}
.flagged img{border:3px solid #9f1239}figcaption ul{color:#9f1239;padding-left:1rem}</style></head><body>
<h1>Screens: ${entries.length} pictures, ${flagged} flagged</h1>
${sections.join('\n')}
</body></html>`;
  const file = join(OUTPUT_DIR, 'index.html');
  writeFileSync(file, html);
  return file;
}
