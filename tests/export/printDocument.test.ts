import { describe, expect, it } from 'vitest';
import { ExportError, sourceDate } from '../../src/export/exportDeck.ts';
import { slideAnchor, type ExportPage } from '../../src/build/exportPages.ts';
import { pageHeight, pageSizeCss, printDocument, relinkSlide, slideMarkup } from '../../src/export/printDocument.ts';

const anchors = new Map([
  ['/', 'slide-cover'],
  ['/market', 'slide-market'],
]);

// A prerendered page as fillTemplate writes it: header, main, bottom bar, toasts, the deferred script.
const page = (path: string, main: string) =>
  [
    '<!doctype html><html lang="en"><head><title>T</title><style>body{color:red}</style><link rel="stylesheet" href="/assets/x.css"></head><body>',
    `<div id="root"><a class="skip-link" href="#main">Skip to content</a><header class="deck-header"><a href="/">Home</a></header>`,
    `<main id="main" class="deck-main"><div class="slide-frame" data-route="${path}">${main}</div></main>`,
    '<nav class="bottom-bar"><span class="bottom-bar__counter">4 / 17</span></nav><section class="toasts"></section></div>',
    '<script type="module">import("/assets/main.js")</script></body></html>',
  ].join('');

const exportPage = (name: string, path: string): ExportPage => ({ name, path, label: name, anchor: slideAnchor({ name, path }), file: 'x.html' });

describe('the print document', () => {
  it('names each slide after its route, the main page after its slide', () => {
    expect(slideAnchor({ name: 'Market', path: '/market' })).toBe('slide-market');
    expect(slideAnchor({ name: 'Cover', path: '/' })).toBe('slide-cover');
  });

  it('prefixes ids and the references to them with the slide, so two slides never share one', () => {
    const html = relinkSlide(
      '<article aria-labelledby="slide-title sub"><h1 id="slide-title">A</h1><p id="sub">B</p><a href="#sub">to B</a><label for="f">F</label></article>',
      'slide-market',
      anchors,
    );
    expect(html).toBe(
      '<article aria-labelledby="slide-market--slide-title slide-market--sub"><h1 id="slide-market--slide-title">A</h1><p id="slide-market--sub">B</p><a href="#slide-market--sub">to B</a><label for="slide-market--f">F</label></article>',
    );
  });

  it('turns links to a slide into fragments, drops addresses a PDF cannot reach and keeps outside ones', () => {
    const html = relinkSlide(
      '<a href="/market">M</a><a href="/">C</a><a href="/market#team">T</a><a href="/login">L</a><a href="https://x.example/">X</a><a href="tel:1">P</a>',
      'slide-cover',
      anchors,
    );
    expect(html).toBe(
      '<a href="#slide-market">M</a><a href="#slide-cover">C</a><a href="#slide-market--team">T</a><a>L</a><a href="https://x.example/">X</a><a href="tel:1">P</a>',
    );
  });

  it("stacks the slides in order without header, bottom bar, toasts or script, under the pages' stylesheets", () => {
    const doc = printDocument('Deck & Co', [
      { page: exportPage('Cover', '/'), html: page('/', '<h1 id="slide-title">Cover</h1><a href="/market">Next</a>') },
      { page: exportPage('Market', '/market'), html: page('/market', '<h1 id="slide-title">Market</h1>') },
    ]);
    expect(doc).toContain('<title>Deck &amp; Co</title>');
    expect(doc).toContain('<html lang="en">');
    expect(doc).toContain('<style>body{color:red}</style><link rel="stylesheet" href="/assets/x.css">');
    expect(doc.match(/<style>body\{color:red\}<\/style>/g)).toHaveLength(1);
    for (const chrome of ['deck-header', 'bottom-bar', 'toasts', 'Skip to content', '<script', '4 / 17']) expect(doc).not.toContain(chrome);
    const sections = [...doc.matchAll(/<section class="pdf-slide" id="([^"]+)"/g)].map((match) => match[1]);
    expect(sections).toEqual(['slide-cover', 'slide-market']);
    expect(doc).toContain('<a href="#slide-market">Next</a>');
    expect(doc.indexOf('>Cover</h1>')).toBeLessThan(doc.indexOf('>Market</h1>'));
  });

  it('refuses a page without a <main>, saying to rebuild', () => {
    expect(() => slideMarkup('<html><body></body></html>', 'market.html')).toThrow(/market\.html has no <main>: rebuild/);
  });
});

describe('page sizes', () => {
  it('rounds a slide up to whole pixels and never below 16:9', () => {
    expect(pageHeight(300)).toBe(720);
    expect(pageHeight(720)).toBe(720);
    expect(pageHeight(1349.56)).toBe(1350);
  });

  it('gives every slide its own named page, 1280 px wide', () => {
    const css = pageSizeCss([500, 1000.2]);
    expect(css).toContain('@page slide-1{size:1280px 720px;margin:0}');
    expect(css).toContain('.pdf-slide:nth-of-type(1){page:slide-1;min-height:720px}');
    expect(css).toContain('@page slide-2{size:1280px 1001px;margin:0}');
    expect(css).toContain('.pdf-slide:nth-of-type(2){page:slide-2;min-height:1001px}');
  });
});

describe('SOURCE_DATE_EPOCH', () => {
  it('sets the dates when given, leaves them out when not, and refuses anything but whole seconds', () => {
    expect(sourceDate({ SOURCE_DATE_EPOCH: '1700000000' })?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(sourceDate({})).toBeUndefined();
    expect(sourceDate({ SOURCE_DATE_EPOCH: '' })).toBeUndefined();
    expect(() => sourceDate({ SOURCE_DATE_EPOCH: 'yesterday' })).toThrow(ExportError);
  });
});
