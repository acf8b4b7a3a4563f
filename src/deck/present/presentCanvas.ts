import { declaredColumns, flowIntoColumns, unflow } from './presentFlow.ts';

// Present mode's canvas: every page is laid out once on a 1920×1080 design canvas and the canvas
// is scaled to the screen, as Slidev and reveal.js do, so a projector at 1280×720 shows exactly
// what a 1920×1080 screen shows, only smaller.

/** The design canvas, in design px. */
export const CANVAS = { width: 1920, height: 1080 } as const;

/**
 * How far a page's type may grow beyond the present-mode scale to fill the canvas: a sparse page
 * grows until it fills the canvas or reaches this, so headings never turn into posters.
 */
export const MAX_FIT = 1.6;

/** Where present mode lays pages on the canvas; a narrower window (a phone) keeps the reading view. */
export const PRESENT_MEDIA = '(min-width: 64rem)';

/** The custom properties the stylesheet reads: the canvas's scale on <html>, a page's fit on its slide. */
export const SCALE_PROPERTY = '--present-scale';
export const FIT_PROPERTY = '--fit';

/** The scale that fits the canvas whole into a window (letterboxed on a 16:10 or 4:3 screen). */
export function canvasScale(width: number, height: number): number {
  return Math.min(width / CANVAS.width, height / CANVAS.height);
}

/**
 * Keeps `--present-scale` on the root in step with the window; returns the undo. Nothing else in
 * present mode depends on the window's size: a page's fit is found on the design canvas.
 */
export function scaleCanvasToWindow(win: Window = window): () => void {
  const root = win.document.documentElement;
  const apply = () => root.style.setProperty(SCALE_PROPERTY, String(canvasScale(win.innerWidth, win.innerHeight)));
  apply();
  win.addEventListener('resize', apply);
  return () => {
    win.removeEventListener('resize', apply);
    root.style.removeProperty(SCALE_PROPERTY);
  };
}

/**
 * The arrangements a page may take on the canvas: its sections in two columns, stacked across the
 * whole width, or in three columns (presentFlow.ts). Each page gets the one in which its type can be
 * largest. A page whose stylesheet declares its columns (the Ecosystem page) keeps those; one that
 * arranges itself entirely (`--present-flow: fixed`: the cover) is only fitted.
 */
export const COLUMN_CHOICES: ReadonlyArray<readonly number[]> = [[1, 1], [1], [1, 1, 1]];
/** present.css reads the choice (its gaps, what containers hold) from this attribute: the number of columns. */
const COLUMNS_ATTRIBUTE = 'data-present-columns';

/** True when the slide's content fits its canvas at `fit` (nothing below or beside it). */
function fitsAt(slide: HTMLElement, fit: number, columns: readonly number[] | null): boolean {
  slide.style.setProperty(FIT_PROPERTY, String(fit));
  const body = slide.querySelector<HTMLElement>(':scope > .slide__body');
  // The canvas is 1920/fit px wide, so the columns change width with every fit.
  if (body && columns) flowIntoColumns(body, columns);
  // Both in the slide's own (unzoomed) px: the canvas is 1920/fit × 1080/fit of them.
  return slide.scrollHeight <= slide.clientHeight + 1 && slide.scrollWidth <= slide.clientWidth + 1;
}

/** The largest fit between 1 and `max` at which the slide fits in `columns`; 0 when even 1 does not. */
function largestFit(slide: HTMLElement, max: number, columns: readonly number[] | null): number {
  if (!fitsAt(slide, 1, columns)) return 0;
  if (fitsAt(slide, max, columns)) return max;
  let low = 1;
  let high = max;
  // 1/128 of the range is under a design pixel on the largest text.
  for (let step = 0; step < 7; step += 1) {
    const middle = (low + high) / 2;
    if (fitsAt(slide, middle, columns)) low = middle;
    else high = middle;
  }
  return low;
}

/** What fitting a page chose. */
export interface SlideFit {
  /** The columns' relative widths, or null for a page that arranges itself. */
  columns: readonly number[] | null;
  /** 1 or more; 1 when the page does not fit at all (it then overflows, which the browser test catches). */
  fit: number;
}

function choicesFor(slide: HTMLElement): ReadonlyArray<readonly number[] | null> {
  if (getComputedStyle(slide).getPropertyValue('--present-flow').trim() === 'fixed') return [null];
  const body = slide.querySelector<HTMLElement>(':scope > .slide__body');
  const declared = body && declaredColumns(body);
  return declared ? [declared] : COLUMN_CHOICES;
}

function arrange(slide: HTMLElement, columns: readonly number[] | null): void {
  if (columns === null) slide.removeAttribute(COLUMNS_ATTRIBUTE);
  else slide.setAttribute(COLUMNS_ATTRIBUTE, String(columns.length));
}

/**
 * Arranges the slide the way its type can be largest and sets the largest fit between 1 and `max`
 * at which it still fits its canvas. At 1 the smallest text is the present-mode scale's smallest
 * (20 design px).
 */
export function fitSlide(slide: HTMLElement, max = MAX_FIT): SlideFit {
  const choices = choicesFor(slide);
  let best: SlideFit = { columns: choices[0]!, fit: 0 };
  for (const columns of choices) {
    arrange(slide, columns);
    const fit = largestFit(slide, max, columns);
    // A clearly larger fit wins; a near tie keeps the earlier choice (two columns read most like a slide).
    if (fit > best.fit * 1.03) best = { columns, fit };
  }
  const chosen = { columns: best.columns, fit: Math.max(best.fit, 1) };
  arrange(slide, chosen.columns);
  fitsAt(slide, chosen.fit, chosen.columns);
  return chosen;
}

/**
 * Fits every slide in `root` now and whenever its content changes (a page's body arrives after its
 * heading; a move brings a new page). Mutation observers run before the next paint, so a page is
 * never seen at the wrong size. Returns the undo.
 */
export function fitSlidesIn(root: HTMLElement, max = MAX_FIT, win: Window = window): () => void {
  const clear = () =>
    root.querySelectorAll<HTMLElement>('article.slide').forEach((slide) => {
      slide.style.removeProperty(FIT_PROPERTY);
      slide.removeAttribute(COLUMNS_ATTRIBUTE);
      const body = slide.querySelector<HTMLElement>(':scope > .slide__body');
      if (body) unflow(body);
    });
  const fitAll = () => {
    // A window too narrow for present mode reads: nothing of a wider window's arrangement may stay.
    if (!win.matchMedia(PRESENT_MEDIA).matches) return clear();
    for (const slide of root.querySelectorAll<HTMLElement>('.slide-frame > article.slide')) fitSlide(slide, max);
  };
  // Only added and removed nodes and text count: the fit's own writes are styles and attributes.
  const observer = new MutationObserver(fitAll);
  fitAll();
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  // Text breaks a little differently at another scale, and a window made wider or narrower may
  // cross into or out of present mode's width: once per frame while a window is being resized.
  let frame = 0;
  const onResize = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(fitAll);
  };
  win.addEventListener('resize', onResize);
  // An image arriving (the mascot) changes its section's height without changing the DOM.
  root.addEventListener('load', fitAll, true);
  return () => {
    cancelAnimationFrame(frame);
    win.removeEventListener('resize', onResize);
    root.removeEventListener('load', fitAll, true);
    observer.disconnect();
    clear();
  };
}
