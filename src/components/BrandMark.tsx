import type { Brand } from '../../schemas/brand.ts';

/** A brand's monogram on its colour: our own artwork, so nothing loads from outside. */
export function BrandMark({ brand, size = 'md' }: { brand: Brand; size?: 'md' | 'lg' }) {
  return (
    <span className={`brand-mark brand-mark--${size}`} style={{ background: brand.colour }} aria-hidden="true">
      {brand.icon}
    </span>
  );
}
