import { Fragment } from 'react';
import { noteAnchor } from './sourceNoteBook.ts';
import { useSlide } from './SlideContext.tsx';

/**
 * The page's numbered source notes, below its body: each note names a source and its date and links
 * back to the figures it stands for; their markers link here. Nothing while no figure on the page has
 * a source. Present mode hides it (src/styles/content.css); the reading view, print and the PDF show it.
 */
export function SourceNotes() {
  const notes = useSlide().notes.notes();
  if (notes.length === 0) return null;
  return (
    <section className="source-notes" aria-labelledby="source-notes-title">
      <h2 id="source-notes-title" className="source-notes__title">Sources</h2>
      <ol className="source-notes__list">
        {notes.map((note) => (
          <li key={note.number} id={noteAnchor(note.number)} value={note.number} className="source-note">
            <span className="source-note__source">
              {note.source}
              {note.asOf && `, as of ${note.asOf}`}.
            </span>{' '}
            <span className="source-note__figures">
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
