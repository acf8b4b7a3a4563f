// @vitest-environment node
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fillTemplate,
  htmlFileFor,
  hydrationChunks,
  inlineStylesheets,
  scriptsAfterFirstPaint,
  scriptsThroughLoader,
  withPreloads,
} from '../../src/build/prerender.ts';

const dir = mkdtempSync(join(tmpdir(), 'prerender-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const built = `<!doctype html><html><head><title>Investor Deck</title><meta name="description" content="x" />
<script type="module" crossorigin src="/assets/main-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-1.js">
<link rel="stylesheet" crossorigin href="/assets/main-1.css">
</head><body><div id="root"><!--app--></div></body></html>`;

describe('prerender', () => {
  it('names each route’s file as a static host serves it', () => {
    expect(htmlFileFor('/')).toBe('index.html');
    expect(htmlFileFor('/executivesummary')).toBe('executivesummary.html');
  });

  it('fills title, description and body, escaping text', () => {
    const html = fillTemplate(built, { title: 'A & B', description: 'Say "hi"', body: '<h1>Hi</h1>' });
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).toContain('content="Say &quot;hi&quot;"');
    expect(html).toContain('<div id="root"><h1>Hi</h1></div>');
  });

  it('names the slide a page hydrates on its root element, and only on a slide page', () => {
    expect(fillTemplate(built, { title: 'x', body: '', slide: 'Market' })).toContain('<div id="root" data-slide="Market"></div>');
    expect(fillTemplate(built, { title: 'x', body: '' })).toContain('<div id="root"></div>');
    // The gate shell says what it is, so a signed-out visit goes to sign in without a refused request.
    expect(fillTemplate(built, { title: 'x', body: '', signInShell: true })).toContain('<div id="root" data-gate="sign-in"></div>');
  });

  it('preloads the registry and the slide body a slide page hydrates with, after the first paint', () => {
    const files = ['registry-AbC_1-x9.js', 'Market-Bgq1.js', 'MarketSize-Zz9.js', 'Problem-Q1.js'];
    expect(hydrationChunks(files, 'Market')).toEqual(['/assets/content/registry-AbC_1-x9.js', '/assets/content/Market-Bgq1.js']);
    const html = scriptsAfterFirstPaint(withPreloads(built, hydrationChunks(files, 'Market')));
    const loader = /<script type="module">([\s\S]*?)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('"/assets/content/registry-AbC_1-x9.js","/assets/content/Market-Bgq1.js"');
  });

  it('inlines the stylesheet so the first paint needs no second request', () => {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'assets/main-1.css'), 'body{color:red}');
    const html = inlineStylesheets(built, dir);
    expect(html).toContain('<style>body{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('starts the script after the first paint, with its chunks preloaded then', () => {
    const html = scriptsAfterFirstPaint(built);
    expect(html).not.toMatch(/<script type="module"[^>]*src=/);
    expect(html).not.toContain('<link rel="modulepreload"');
    const loader = /<script type="module">([\s\S]*?)<\/script><\/body>/.exec(html)?.[1] ?? '';
    // Added as a script element, which the pages' 'strict-dynamic' trusts through the loader's hash.
    expect(loader).toContain(`add('script',{type:'module',src:"/assets/main-1.js"})`);
    expect(loader).not.toContain('import(');
    expect(loader).toContain('["/assets/react-1.js"]');
    expect(loader).toContain('requestAnimationFrame');
  });

  it('gives the sign-in page the same loader, started at once (it has nothing to paint before its script)', () => {
    const html = scriptsThroughLoader(built, 'at-once');
    expect(html).not.toMatch(/<script type="module"[^>]*src=/);
    expect(html).not.toContain('<link rel="modulepreload"');
    const loader = /<script type="module">([\s\S]*?)<\/script><\/body>/.exec(html)?.[1] ?? '';
    expect(loader).toMatch(
      /^const add=.*for\(const href of \["\/assets\/react-1\.js"\]\)add\('link',\{rel:'modulepreload',href\}\);add\('script',\{type:'module',src:"\/assets\/main-1\.js"\}\)$/,
    );
    expect(loader).not.toContain('requestAnimationFrame');
  });
});
