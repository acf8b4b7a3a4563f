import { createContext } from 'react';

/**
 * False inside a control (an ecosystem card is a button): a link may not sit inside a button, so a
 * figure's source marker there is plain text that still names its note (SourceNotes.tsx FigureMarker);
 * the note's back-link still reaches it.
 */
export const FigureMarkerLinks = createContext(true);
