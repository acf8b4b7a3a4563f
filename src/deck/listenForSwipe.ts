/** A swipe must travel this far sideways, and mostly sideways, to turn the page. */
const MIN_DISTANCE = 60;
const MAX_SLOPE = 0.6;

/**
 * Calls `onSwipe(+1)` for a leftward swipe (next page) and `onSwipe(-1)` for a rightward one, on
 * touch screens only. Returns the function that stops listening.
 */
export function listenForSwipe(onSwipe: (delta: 1 | -1) => void, target: Window = window): () => void {
  let start: { x: number; y: number } | null = null;
  const onStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0];
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    start = null;
    if (Math.abs(dx) >= MIN_DISTANCE && Math.abs(dy) <= Math.abs(dx) * MAX_SLOPE) onSwipe(dx < 0 ? 1 : -1);
  };
  target.addEventListener('touchstart', onStart, { passive: true });
  target.addEventListener('touchend', onEnd, { passive: true });
  return () => {
    target.removeEventListener('touchstart', onStart);
    target.removeEventListener('touchend', onEnd);
  };
}
