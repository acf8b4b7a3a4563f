import { useState } from 'react';
import type { NotesState } from './useSpeakerNotes.ts';
import { NOTES_SIZE, notesSizeBy, readNotesSize, storeNotesSize } from './notesSize.ts';

/** The current page's speaker notes, with their own A-/A+ (the slide previews keep their size). */
export function PresenterNotes({ notes, path }: { notes: NotesState; path: string }) {
  const [size, setSize] = useState(readNotesSize);
  const change = (direction: -1 | 1) => {
    const next = notesSizeBy(size, direction);
    setSize(next);
    storeNotesSize(next);
  };
  const text = notes.status === 'ready' ? notes.notes[path] : undefined;
  return (
    <section className="presenter__notes" aria-labelledby="presenter-notes">
      <div className="presenter__notes-head">
        <h2 id="presenter-notes" className="presenter__label">
          Notes
        </h2>
        <div className="presenter__notes-size" role="group" aria-label="Notes text size">
          <button type="button" className="zoom__button" aria-label="A- Smaller notes" disabled={size <= NOTES_SIZE.min} onClick={() => change(-1)}>
            A-
          </button>
          <span className="presenter__notes-px" aria-live="polite">
            {size} px
          </span>
          <button type="button" className="zoom__button" aria-label="A+ Larger notes" disabled={size >= NOTES_SIZE.max} onClick={() => change(1)}>
            A+
          </button>
        </div>
      </div>
      {/* The notes scroll inside their box when long; the window itself never scrolls. */}
      <div className="presenter__note-box" tabIndex={0} role="region" aria-label="Notes text" style={{ fontSize: `${size}px` }}>
        {notes.status === 'loading' && <p>Loading the notes…</p>}
        {notes.status === 'failed' && <p role="alert">{notes.message}</p>}
        {notes.status === 'ready' && <p className="presenter__note-text">{text ?? 'No notes for this page.'}</p>}
      </div>
    </section>
  );
}
