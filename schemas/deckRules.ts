/** The spec's deck length (section 9): the default of `deck.length` in slides/deck.yaml. */
export const DEFAULT_DECK_LENGTH = 17;
/** One way the spec writes a figure, and where the spec writes it that way. */
export interface FigureVariant {
  pattern: RegExp;
  /** What the spec says this figure measures, in its own words where it has them. */
  stated: string;
}

/**
 * Figures the spec states differently on different pages. Both are the spec's, so neither is an
 * error: the check lists them as notes, so an editor sees both places before changing either.
 */
export const DIVERGENT_FIGURES: ReadonlyArray<{ measure: string; variants: readonly [FigureVariant, FigureVariant] }> = [
  {
    measure: 'penetration',
    variants: [
      { pattern: /under 5%/gi, stated: 'executive summary: "a $13.95T home-equity market under 5% penetrated"' },
      { pattern: /under 3%/gi, stated: 'problem results and market figures: "under 3% penetration"' },
    ],
  },
  {
    measure: 'the household count',
    variants: [
      { pattern: /30M\+/g, stated: 'executive summary: "refinancing engine across 30M+ senior households"' },
      { pattern: /27-30M/g, stated: 'market figures: "27-30M eligible households"' },
    ],
  },
  {
    measure: 'the time to close',
    variants: [
      { pattern: /45-60\+ days/g, stated: 'problem results: "45-60+ days to close"' },
      { pattern: /45-60(?![+\d])/g, stated: 'lender targets: "45-60 for the industry"' },
    ],
  },
];

/** The ecosystem diagram: one hub, four core brands, three amplifiers (spec section 2). */
export const ECOSYSTEM_GROUP_SIZES = { hub: 1, core: 4, amplifier: 3 } as const;
