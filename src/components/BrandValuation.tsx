import type { Brand } from '../../schemas/brand.ts';
import { NOT_VALUED } from './brandText.ts';
import { Figure } from './Figure.tsx';

/** A brand's valuation from the ledger; a strategic concept says it has none rather than inventing one. */
export function BrandValuation({ brand }: { brand: Brand }) {
  return brand.valuation ? <Figure id={brand.valuation} /> : <>{NOT_VALUED}</>;
}
