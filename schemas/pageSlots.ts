// The deck page's slots for what is about the page rather than on it, shared by the root that lays
// them out and the lazy chunks that fill them (src/deck/DeckNotices.tsx).

/** Under the header, in the page's flow: notices about the page (what changed, that time is recorded). */
export const NOTICE_SLOT_ID = 'deck-notices';
/** Above the header: what frames the whole page (an admin's "View as" bar). */
export const FRAME_BAR_SLOT_ID = 'deck-frame-bar';
