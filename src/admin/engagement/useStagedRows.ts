import { startTransition, useEffect, useState } from 'react';

/**
 * Rows a console table draws with its first picture: more than its box shows at once. The rest
 * follow in a transition right after, so a table of hundreds of people shows its first rows (and the
 * console stays responsive) without waiting for all of them to be built and laid out.
 */
export const FIRST_ROWS = 30;

/** How many of `total` rows to draw now: FIRST_ROWS at first, then all of them (and all from then on). */
export function useStagedRows(total: number): number {
  const [drawn, setDrawn] = useState(FIRST_ROWS);
  useEffect(() => {
    if (drawn < total) startTransition(() => setDrawn(total));
  }, [drawn, total]);
  return Math.min(drawn, total);
}
