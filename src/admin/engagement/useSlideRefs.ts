import { useMemo } from 'react';
import { useDeckRegistry } from '../../deck/useDeckRegistry.ts';
import { allSlides } from '../../registry/slideRegistry.ts';
import type { SlideRef } from './engagement.ts';

/** The deck's pages as the console names and charts them, once the registry is here (none before). */
export function useSlideRefs(): readonly SlideRef[] {
  const loaded = useDeckRegistry();
  return useMemo(() => (loaded ? allSlides.map(({ path, label, order }) => ({ path, label, order })) : []), [loaded]);
}
