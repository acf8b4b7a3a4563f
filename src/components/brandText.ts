import type { Brand } from '../../schemas/brand.ts';
import { formatUsdRange } from '../../schemas/formatUsd.ts';

/** The spec's investment-ask wording for every brand page (spec section 1). */
export const INVESTMENT_ASK = 'TBD, based on structure and negotiated terms.';

/** A valuation as shown on cards; a strategic concept says it has none rather than inventing one. */
export function valuationText(brand: Brand): string {
  return brand.valuation ? formatUsdRange(brand.valuation) : 'Strategic concept: not yet valued';
}
