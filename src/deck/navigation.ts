/** Which way the deck moved: drives the transition's direction. */
export type Direction = -1 | 0 | 1;

/**
 * One move through the deck (Spectacle's deck-state reducer, as a pure function): never past the
 * first or the last page. `delta` may be ±Infinity for Home/End.
 */
export function step(index: number, delta: number, total: number): { index: number; direction: Direction } {
  const last = Math.max(total - 1, 0);
  const target = Math.min(Math.max(index + delta, 0), last);
  return { index: target, direction: target === index ? 0 : target > index ? 1 : -1 };
}
