import { useId } from 'react';
import { standaloneText } from '../../schemas/formatFigure.ts';
import { noteAnchor } from './sourceNoteBook.ts';
import { useSlide } from './SlideContext.tsx';

/**
 * A figure of the ledger, by id (`<Figure id="market.homeEquity" />` in a slide body, `figure:` on a
 * stat or card, `{market.homeEquity}` in a frontmatter string): its text, and once its source is given
 * a numbered marker linking to the page's source note. `standalone` capitalizes a figure that starts
 * its own line (`Under 3%`). `data-figure` names it for whatever marks changed figures.
 */
export function Figure({ id, standalone = false }: { id: string; standalone?: boolean }) {
  const { figures, notes } = useSlide();
  const owner = useId();
  const figure = figures[id];
  if (!figure) throw new Error(`No figure has id ${id} on this page (the content check names the ids of slides/figures.yaml)`);
  const number = notes.numberOf(id);
  const anchor = number === undefined ? undefined : notes.claimAnchor(id, owner);
  return (
    <span className="figure" data-figure={id}>
      {standalone ? standaloneText(figure.text) : figure.text}
      {number !== undefined && (
        <sup className="figure-ref">
          <a href={`#${noteAnchor(number)}`} id={anchor}>
            {number}
            <span className="visually-hidden"> (source note)</span>
          </a>
        </sup>
      )}
    </span>
  );
}
