/** Where the page stands in the window, in CSS pixels. */
export interface ScrollPosition {
  scrollY: number;
  viewportHeight: number;
  scrollHeight: number;
}

// A pixel or two of rounding at high zoom must not keep a page from turning.
const SLACK = 2;

/**
 * What Space (direction 1) or Shift+Space (direction -1) does here: scroll by `by` pixels, or turn
 * the page when the window already shows that end of it.
 */
export function spaceMove(direction: 1 | -1, position: ScrollPosition, by: number): { turn: true } | { turn: false; top: number } {
  const bottom = Math.max(position.scrollHeight - position.viewportHeight, 0);
  if (direction === 1 && position.scrollY >= bottom - SLACK) return { turn: true };
  if (direction === -1 && position.scrollY <= SLACK) return { turn: true };
  const top = Math.min(Math.max(position.scrollY + direction * Math.max(by, 1), 0), bottom);
  return { turn: false, top };
}
