import type { Page } from 'playwright-core';
import { axeScan } from '../browser/axeViolations.ts';
import { waitForStillness } from './stillness.ts';

// What a person would object to on a screen, checked in the page as it is shown: text cut off by a
// box, content wider than the window, text that spills out of its own box (a figure past its card's
// edge), something fixed (a bar, a toast, a notice) over text or a control that no scrolling can
// uncover, something off-screen that belongs on it, text under the screen's size floor, and axe.

/** How a screen is judged. */
export interface CheckRules {
  /** The smallest text allowed, in CSS px as drawn (after any zoom or scale). */
  minTextPx: number;
  /** The screen must fit the window: no scrolling in either direction (present mode, the presenter view). */
  fitsWindow?: boolean;
  /** Parts left out of the text checks (pictures of another screen, such as the presenter's slide previews). */
  ignore?: string;
}

/** Each problem names the element: its tag, classes and the start of its text. */
export type Problem = string;

/**
 * Waits until the screen is still: nothing loading and nothing changing (stillness.ts), fonts and
 * images in, every finite animation and transition over, two frames drawn.
 */
export async function settle(page: Page): Promise<void> {
  await waitForStillness(page);
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      [...document.images].every((image) => image.complete) &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity) &&
      [...document.querySelectorAll('.slide-frame')].every((frame) => getComputedStyle(frame).opacity === '1'),
    undefined,
    { timeout: 20_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The layout problems of the screen as shown. */
export function layoutProblems(page: Page, rules: CheckRules): Promise<Problem[]> {
  return page.evaluate((rules) => {
    const problems: string[] = [];
    const doc = document.documentElement;
    const name = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const classes = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${classes}${text ? ` "${text}"` : ''}`;
    };
    const seen = new Set<string>();
    const report = (kind: string, element: Element, detail = '') => {
      const line = `${kind}: ${name(element)}${detail ? ` (${detail})` : ''}`;
      if (!seen.has(line)) problems.push(line);
      seen.add(line);
    };

    if (doc.scrollWidth > innerWidth + 1) problems.push(`wider than the window: ${doc.scrollWidth} px in ${innerWidth}`);
    if (rules.fitsWindow && doc.scrollHeight > innerHeight + 1) problems.push(`taller than the window: ${doc.scrollHeight} px in ${innerHeight}`);

    // A modal dialog makes the page behind it inert: only what the dialog holds is on the screen then.
    const modal = document.querySelector('dialog[open]:modal');
    const scope: Element = modal ?? document.body;
    const ignored = (element: Element) => (rules.ignore ? element.closest(rules.ignore) !== null : false);
    const style = (element: Element) => getComputedStyle(element);
    // Each element's computed facts once: a text node's checks walk its ancestors, which many share.
    const hiddenMemo = new Map<Element, boolean>();
    const hiddenByStyle = (element: Element | null): boolean => {
      if (!element || element === doc) return false;
      const known = hiddenMemo.get(element);
      if (known !== undefined) return known;
      const s = style(element);
      const box = element.getBoundingClientRect();
      const hidden =
        s.visibility === 'hidden' ||
        s.display === 'none' ||
        Number(s.opacity) < 0.05 ||
        // The visually-hidden pattern (a 1 px box clipping its text, for screen readers), and what is
        // parked above the page until focused (the skip link).
        (s.position === 'absolute' && box.width <= 1 && s.overflow === 'hidden') ||
        box.bottom + scrollY <= 0 ||
        hiddenByStyle(element.parentElement);
      hiddenMemo.set(element, hidden);
      return hidden;
    };
    /** The scale the element is drawn at: CSS zoom and every ancestor's transform. */
    const scaleMemo = new Map<Element, number>();
    const transformScale = (element: Element | null): number => {
      if (!element) return 1;
      const known = scaleMemo.get(element);
      if (known !== undefined) return known;
      const transform = style(element).transform;
      let scale = transformScale(element.parentElement);
      if (transform && transform !== 'none') {
        const m = new DOMMatrixReadOnly(transform);
        scale *= Math.hypot(m.a, m.b);
      }
      scaleMemo.set(element, scale);
      return scale;
    };
    const drawnScale = (element: Element) => ((element as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1) * transformScale(element);
    /** The ancestors that hide what overflows them (a scroll box can be scrolled instead), nearest first. */
    const clipMemo = new Map<Element, Element[]>();
    const clippers = (element: Element | null): Element[] => {
      if (!element || element === doc || element === document.body) return [];
      const known = clipMemo.get(element);
      if (known) return known;
      const s = style(element);
      const own = ['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflowY) ? [element] : [];
      const list = [...own, ...clippers(element.parentElement)];
      clipMemo.set(element, list);
      return list;
    };
    /** Inside a box that scrolls sideways (a wide table on a phone): off the window there is scrolled to, not lost. */
    const scrollsSideways = (element: Element) => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        if (['auto', 'scroll'].includes(style(at).overflowX)) return true;
      }
      return false;
    };

    // The fixed and sticky parts drawn over the page (header, bars, toasts, notices): what they cover
    // must be uncoverable by scrolling, or it is covered for good.
    const overlays = [...document.querySelectorAll('body *')].filter((element) => {
      const position = style(element).position;
      return (position === 'fixed' || position === 'sticky') && !hiddenByStyle(element) && element.getBoundingClientRect().height > 0;
    });
    const inOverlay = (element: Element) => overlays.some((overlay) => overlay.contains(element));
    const maxScroll = Math.max(0, doc.scrollHeight - innerHeight);
    /** The overlay that covers `rect` (viewport coordinates now) at every scroll position, if one does. */
    const coveredFor = (rect: DOMRect, self: Element): Element | null => {
      const top = rect.top + scrollY;
      const bottom = rect.bottom + scrollY;
      // Scroll positions s (0..maxScroll) at which the rect is clear of every overlay it lies under.
      let low = 0;
      let high = maxScroll;
      let blocker: Element | null = null;
      for (const overlay of overlays) {
        if (overlay.contains(self) || self.contains(overlay)) continue;
        const o = overlay.getBoundingClientRect();
        if (o.right <= rect.left + 1 || o.left >= rect.right - 1) continue;
        const sticky = style(overlay).position === 'sticky';
        if (sticky && o.top > 1) continue;
        // In the window's coordinates a fixed overlay stays put; the rect moves up by s.
        if (o.top <= 1 && o.bottom < innerHeight / 2) {
          // At the top: need top - s >= o.bottom.
          high = Math.min(high, top - o.bottom);
        } else if (o.bottom >= innerHeight - 1 && o.top > innerHeight / 2) {
          // At the bottom: need bottom - s <= o.top.
          low = Math.max(low, bottom - o.top);
        } else {
          // Floating (a toast, a notice): clear once the rect has scrolled wholly below it (s <= top - o.bottom)
          // or wholly above it (s >= bottom - o.top); where both can happen, either will do.
          const clearBelow = top - o.bottom;
          const clearAbove = bottom - o.top;
          const canBelow = Math.min(high, clearBelow) >= low;
          const canAbove = high >= Math.max(low, clearAbove);
          if (!canBelow && !canAbove) blocker = overlay;
          else if (canAbove && !canBelow) low = Math.max(low, clearAbove);
          else if (canBelow && !canAbove) high = Math.min(high, clearBelow);
        }
        if (low > high + 1 && !blocker) blocker = overlay;
      }
      return blocker;
    };

    /** The box text lays out in: the nearest ancestor that is not inline. */
    const boxOf = (element: Element): Element | null => {
      for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
        const display = style(at).display;
        if (display !== 'inline' && display !== 'contents') return at;
      }
      return null;
    };

    const texts: { element: Element; rects: DOMRect[] }[] = [];
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const element = node.parentElement!;
      if (element.closest('script, style, noscript, template, title') || ignored(element) || hiddenByStyle(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (rects.length) texts.push({ element, rects });
    }

    for (const { element, rects } of texts) {
      // Text sizes as drawn.
      const drawn = parseFloat(style(element).fontSize) * drawnScale(element);
      if (drawn < rules.minTextPx - 0.05) report('text under the floor', element, `${drawn.toFixed(1)} px < ${rules.minTextPx.toFixed(1)} px`);
      for (const rect of rects) {
        const boxes = clippers(element).map((at) => at.getBoundingClientRect());
        // Wholly outside a box that hides its overflow, the text is not drawn at all (a watermark's stamps that do not fit).
        if (boxes.some((box) => rect.right <= box.left + 0.5 || rect.left >= box.right - 0.5 || rect.bottom <= box.top + 0.5 || rect.top >= box.bottom - 0.5))
          continue;
        // Cut by a box that hides its overflow: part of the text in it and part out (wholly outside is not drawn at all).
        for (const at of clippers(element)) {
          const s = style(at);
          const box = at.getBoundingClientRect();
          const clipsX = s.overflowX === 'hidden' || s.overflowX === 'clip';
          const clipsY = s.overflowY === 'hidden' || s.overflowY === 'clip';
          const inside = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
          const cutX = clipsX && (rect.left < inside.left - 1 || rect.right > inside.right + 1);
          const cutY = clipsY && (rect.top < inside.top - 1 || rect.bottom > inside.bottom + 1);
          if (cutX || cutY) {
            report('cut off', element, `by ${name(at).slice(0, 60)}`);
            break;
          }
        }
        // Off the screen sideways; off it downwards where the screen must fit.
        if ((rect.right > innerWidth + 1 || rect.left < -1) && !scrollsSideways(element))
          report('off-screen', element, `x ${Math.round(rect.left)}..${Math.round(rect.right)} of ${innerWidth}`);
        if (rules.fitsWindow && (rect.bottom > innerHeight + 1 || rect.top < -1))
          report('off-screen', element, `y ${Math.round(rect.top)}..${Math.round(rect.bottom)} of ${innerHeight}`);
        if (!inOverlay(element)) {
          const blocker = coveredFor(rect, element);
          if (blocker) report('covered', element, `by ${name(blocker).slice(0, 60)}`);
        }
      }
      // Text past the content box of the block that holds it (a figure into its card's padding, or out of the card).
      const block = boxOf(element);
      if (block && !ignored(block) && !scrollsSideways(element)) {
        const box = block.getBoundingClientRect();
        const s = style(block);
        const scale = box.width / Math.max(1, (block as HTMLElement).offsetWidth);
        const left = box.left + (parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft)) * scale;
        const right = box.right - (parseFloat(s.borderRightWidth) + parseFloat(s.paddingRight)) * scale;
        if (rects.some((rect) => rect.left < left - 1 || rect.right > right + 1))
          report(
            'spills out of its box',
            block,
            `text ${Math.round(Math.min(...rects.map((r) => r.left)))}..${Math.round(Math.max(...rects.map((r) => r.right)))}, box ${Math.round(left)}..${Math.round(right)}`,
          );
      }
    }

    // Text a stylesheet writes (::before and ::after, "Impact:" on a card) is drawn at its own size.
    for (const element of scope.querySelectorAll('*')) {
      if (ignored(element)) continue;
      for (const pseudo of ['::before', '::after']) {
        const s = getComputedStyle(element, pseudo);
        if (!/^["'].*\S.*["']$/.test(s.content) || s.display === 'none' || hiddenByStyle(element)) continue;
        const drawn = parseFloat(s.fontSize) * drawnScale(element);
        if (drawn < rules.minTextPx - 0.05)
          report('text under the floor', element, `${pseudo} ${s.content.slice(0, 20)} ${drawn.toFixed(1)} px < ${rules.minTextPx.toFixed(1)} px`);
      }
    }

    // Controls: on the screen, and not under something fixed for good.
    for (const control of scope.querySelectorAll('a[href], button, input, select, textarea, [role=button]')) {
      if (ignored(control) || hiddenByStyle(control) || inOverlay(control)) continue;
      const rect = control.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if ((rect.right > innerWidth + 1 || rect.left < -1) && !scrollsSideways(control)) report('control off-screen', control);
      const blocker = coveredFor(rect, control);
      if (blocker) report('control covered', control, `by ${name(blocker).slice(0, 60)}`);
    }
    return problems;
  }, rules);
}

/** axe-core's violations, one line each, naming the rule and the elements. */
export async function axeProblems(page: Page, except: readonly string[] = []): Promise<Problem[]> {
  const results = await axeScan(page);
  return results.violations.filter((v) => !except.includes(v.id)).map((v) => `axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
