// The watermark on every slide in the page, as slides come and go, and gone when switched off.
import { afterEach, describe, expect, it } from 'vitest';
import { stampSlides } from '../../src/engagement/stampSlides.ts';
import { eventually } from '../support/waitFor.ts';

const TEXT = 'partner@lender.test · 2026-11-24';
afterEach(() => document.body.replaceChildren());

function page(): HTMLElement {
  const main = document.createElement('main');
  main.innerHTML = '<article class="slide"><header><h1>Market</h1></header><div class="slide__body"><p>$13.95T</p></div></article>';
  document.body.append(main);
  return main;
}
const marks = (root: ParentNode) => [...root.querySelectorAll('article.slide > .watermark')];

describe('stamping the slides', () => {
  it('puts one mark, hidden from screen readers, at the top and bottom of each slide', () => {
    const main = page();
    const stop = stampSlides(main, TEXT);
    const [mark] = marks(main);
    expect(marks(main)).toHaveLength(1);
    expect(mark!.getAttribute('aria-hidden')).toBe('true');
    const bands = [...mark!.children].map((band) => band.className);
    expect(bands).toEqual(['watermark__band watermark__band--top', 'watermark__band watermark__band--bottom']);
    for (const band of mark!.children) expect(band.textContent).toContain(TEXT);
    // The slide's own content is untouched.
    expect(main.querySelector('.slide__body')!.textContent).toBe('$13.95T');
    stop();
  });

  it('stamps a slide that arrives later (a move), and only once however often the slide changes', async () => {
    const main = page();
    const stop = stampSlides(main, TEXT);
    const next = document.createElement('article');
    next.className = 'slide';
    next.innerHTML = '<header><h1>Team</h1></header>';
    main.append(next);
    await eventually(() => marks(next).length === 1, { what: 'the new slide stamped' });
    next.append(document.createElement('p'));
    await Promise.resolve();
    expect(marks(main)).toHaveLength(2);
    stop();
    expect(marks(main)).toHaveLength(0);
  });

  it('replaces a mark with other text (another day) rather than adding a second', () => {
    const main = page();
    stampSlides(main, 'someone@else.test · 2026-11-23')();
    const stale = stampSlides(main, 'someone@else.test · 2026-11-23');
    const stop = stampSlides(main, TEXT);
    expect(marks(main)).toHaveLength(1);
    expect(marks(main)[0]!.textContent).toContain(TEXT);
    stop();
    stale();
  });
});
