import { Fragment, useContext, useId } from 'react';
import { FigureMarkerLinks } from './figureMarkerLinks.ts';
import css from './sourceNotes.css?inline';
import { useSlide } from './SlideContext.tsx';
import { noteAnchor, type SourceNoteBook } from './sourceNoteBook.ts';

export { SourceNoteBook } from './sourceNoteBook.ts';

// This module comes with a slide's chunk only when one of the slide's figures has a source
// (src/content/registryModules.ts): a deck whose sources are still samples carries none of it.

/** The slide's source notes (its SlideContext holds them whenever this module is loaded). */
const bookOf = (notes: ReturnType<typeof useSlide>['notes']) => notes!.book as SourceNoteBook;

/**
 * A figure with its numbered marker, linking to its note ("1 (source note)" to a screen reader); the
 * first occurrence on the page is what the note links back to. Inside a control (FigureMarkerLinks
 * false) the marker is text: a link may not sit inside a button.
 */
export function FigureMarker({ id, text }: { id: string; text: string }) {
  const book = bookOf(useSlide().notes);
  const linked = useContext(FigureMarkerLinks);
  const owner = useId();
  const number = book.numberOf(id);
  if (number === undefined) return <>{text}</>;
  const anchor = book.claimAnchor(id, owner);
  const mark = (
    <>
      {number}
      <span className="visually-hidden">{linked ? ' (source note)' : ` (source note ${number}, below)`}</span>
    </>
  );
  return (
    <span className="figure">
      {text}
      <sup className="figure-ref" {...(!linked && { id: anchor })}>
        {linked ? (
          <a href={`#${noteAnchor(number)}`} id={anchor}>
            {mark}
          </a>
        ) : (
          mark
        )}
      </sup>
    </span>
  );
}

/**
 * The page's numbered source notes, below its body: each note names a source and its date and links
 * back to the figures it stands for; their markers link here. Nothing while no figure on the page has
 * a source. Its styles come with it (sourceNotes.css): present mode hides it; the reading view, print
 * and the PDF show it.
 */
export function SourceNotes() {
  const notes = bookOf(useSlide().notes).notes();
  if (notes.length === 0) return null;
  return (
    <section className="source-notes" aria-labelledby="source-notes-title">
      {/* As raw text: React's server rendering escapes a child string ('>' as '&gt;'), which breaks the
          rules and gives the prerendered page's policy a hash (contentSecurityPolicy.ts) that the
          client's own copy of the sheet no longer matches. */}
      <style dangerouslySetInnerHTML={{ __html: css }} />
      <h2 id="source-notes-title">Sources</h2>
      <ol>
        {notes.map((note) => (
          <li key={note.number} id={noteAnchor(note.number)} value={note.number}>
            {note.source}
            {note.asOf && `, as of ${note.asOf}`}.{' '}
            <span>
              {note.figures.map((figure, index) => (
                <Fragment key={figure.id}>
                  {index > 0 && ' · '}
                  <a href={`#${figure.anchor}`}>
                    {figure.label}, {figure.text}
                    <span className="visually-hidden"> (back to the figure)</span>
                    <span aria-hidden="true"> ↑</span>
                  </a>
                </Fragment>
              ))}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
