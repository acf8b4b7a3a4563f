import { createContext, useContext, useId } from 'react';
import { standaloneText } from '../../schemas/formatFigure.ts';
import { noteAnchor } from './sourceNoteBook.ts';
import { useSlide } from './SlideContext.tsx';

/**
 * False inside a control (an ecosystem card is a button): a link may not sit inside a button, so the
 * marker there is plain text that still names its note; the note's back-link still reaches it.
 */
export const FigureMarkerLinks = createContext(true);

/**
 * A figure of the ledger, by id (`<Figure id="market.homeEquity" />` in a slide body, `figure:` on a
 * stat or card, `{market.homeEquity}` in a frontmatter string): its text, and once its source is given
 * a numbered marker linking to the page's source note. `standalone` capitalizes a figure that starts
 * its own line (`Under 3%`). `data-figure` names it for whatever marks changed figures.
 */
export function Figure({ id, standalone = false }: { id: string; standalone?: boolean }) {
  const { figures, notes } = useSlide();
  const linked = useContext(FigureMarkerLinks);
  const owner = useId();
  const figure = figures[id];
  if (!figure) throw new Error(`No figure has id ${id} on this page (the content check names the ids of slides/figures.yaml)`);
  const number = notes.numberOf(id);
  const anchor = number === undefined ? undefined : notes.claimAnchor(id, owner);
  return (
    <span className="figure" data-figure={id}>
      {standalone ? standaloneText(figure.text) : figure.text}
      {number !== undefined && (
        <sup className="figure-ref" {...(!linked && { id: anchor })}>
          {linked ? (
            <a href={`#${noteAnchor(number)}`} id={anchor}>
              {number}
              <span className="visually-hidden"> (source note)</span>
            </a>
          ) : (
            <>
              {number}
              <span className="visually-hidden"> (source note {number}, below)</span>
            </>
          )}
        </sup>
      )}
    </span>
  );
}
