import { z } from 'zod';
import { FigureId } from './figure.ts';
import { Slug, Text } from './text.ts';

/** Where a brand sits in the ecosystem diagram. Brands without one are listed beside it. */
export const BrandGroup = z.enum(['hub', 'core', 'amplifier']);
export type BrandGroup = z.infer<typeof BrandGroup>;

/** The two status labels the spec names: the hub is live, everything else is in stealth. */
export const BrandStatus = z.enum(['Live & Operational', 'Stealth Stage']);
export type BrandStatus = z.infer<typeof BrandStatus>;

/** One brand, written once in `slides/brands.yaml` and referenced by id from every slide that shows it. */
export const Brand = z
  .object({
    id: Slug,
    name: Text,
    /** Empty only when filled from a setting that still holds a sample (`{hostDomain}`), which no page shows. */
    domain: z.string().regex(/^$|^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a bare domain such as example.com'),
    group: BrandGroup.optional(),
    status: BrandStatus,
    /**
     * The id of its valuation in the figures ledger (`valuation.remoAi`); null only for a strategic
     * concept the spec gives no valuation (the life-transition brand).
     */
    valuation: FigureId.nullable(),
    /** The id of its investment range in the figures ledger (`investment.remoAi`). */
    investment: FigureId.optional(),
    role: Text,
    description: Text,
    icon: z.string().regex(/^[A-Z0-9.]{1,4}$/, 'must be a monogram of 1-4 capitals such as RA'),
    colour: z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a hex colour such as #0f766e'),
    /** Shown beside the status where the spec names a stage (`Concept stage`, `Strategic concept`). */
    stage: Text.optional(),
  })
  .strict();
export type Brand = z.infer<typeof Brand>;

/**
 * `slides/brands.yaml`: the brands. Their figures, and those stated about them as a whole (10 brands,
 * the total valuation), live in the figures ledger (slides/figures.yaml).
 */
export const BrandsFile = z.object({ brands: z.array(Brand).min(1) }).strict();
export type BrandsFile = z.infer<typeof BrandsFile>;
