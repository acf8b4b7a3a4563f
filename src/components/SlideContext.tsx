import { createContext, useContext, type ComponentType } from 'react';
import type { Brand } from '../../schemas/brand.ts';
import type { SlideRecords } from '../../schemas/slideFrontmatter.ts';
import type { SlideMeta } from '../registry/slideRegistry.ts';

/** The page being shown, its records, the brand records and the figures, for the components its MDX body uses. */
export interface SlideContextValue {
  slide: SlideMeta;
  records: SlideRecords;
  brands: readonly Brand[];
  /** The text of each ledger figure the page shows, by id. */
  figures: Readonly<Record<string, string>>;
  /**
   * The page's source notes, numbered as its figures render, and the figure with its marker; none while
   * no figure it shows has a source (their code comes with the slide's chunk: SourceNotes.tsx).
   */
  notes?: { book: unknown; FigureMarker: ComponentType<{ id: string; text: string }> };
}

export const SlideContext = createContext<SlideContextValue | null>(null);

/** The current slide's context; slide components only render inside a slide. */
export function useSlide(): SlideContextValue {
  const value = useContext(SlideContext);
  if (!value) throw new Error('Slide components render inside a slide (SlideContext is missing)');
  return value;
}

/** A brand by id; the content check guarantees every id a slide names exists. */
export function useBrand(id: string): Brand {
  const brand = useSlide().brands.find((entry) => entry.id === id);
  if (!brand) throw new Error(`No brand has id ${id}`);
  return brand;
}

/** Keeps the records of one group (`<Cards group="root-causes" />`), or the ungrouped ones. */
export function inGroup<T extends { group?: string }>(records: readonly T[] | undefined, group?: string): T[] {
  return (records ?? []).filter((record) => record.group === group);
}
