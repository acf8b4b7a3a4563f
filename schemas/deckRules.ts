/** Constants of spec section 9 that the content check holds the slides to. */
export const DECK_LENGTH = 17;
/** The ecosystem diagram: one hub, four core brands, three amplifiers (spec section 2). */
export const ECOSYSTEM_GROUP_SIZES = { hub: 1, core: 4, amplifier: 3 } as const;
