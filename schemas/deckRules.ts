/** The spec's deck length: the default of `deck.length` in slides/deck.yaml. */
export const DEFAULT_DECK_LENGTH = 17;
/** The ecosystem diagram: one hub, four core brands, three amplifiers. */
export const ECOSYSTEM_GROUP_SIZES = { hub: 1, core: 4, amplifier: 3 } as const;
