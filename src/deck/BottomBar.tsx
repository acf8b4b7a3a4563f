import { Link } from 'wouter';
import { useDeckNavigation } from './useDeckNavigation.ts';
import { useDeckUser } from './DeckUserContext.tsx';

/** Previous and Next as real links, the counter, and Ask where the viewer may ask; only on pages in the deck order. */
export function BottomBar() {
  const { index, total, previous, next } = useDeckNavigation();
  const { askQuestion } = useDeckUser();
  if (index < 0) return null;
  return (
    <nav className="bottom-bar" aria-label="Slides">
      <div className="bottom-bar__inner">
        {previous ? (
          <Link href={previous.path} className="bottom-bar__link" rel="prev">
            <span aria-hidden="true">←</span> <span className="bottom-bar__word">Previous</span>
            <span className="visually-hidden">: {previous.label}</span>
          </Link>
        ) : (
          <span />
        )}
        {/* A label on a plain span is not read out (ARIA prohibits it there): the words are text. */}
        <span className="bottom-bar__counter">
          <span aria-hidden="true">
            {index + 1} / {total}
          </span>
          <span className="visually-hidden">
            Slide {index + 1} of {total}
          </span>
          {askQuestion && (
            <button type="button" className="bottom-bar__link bottom-bar__ask" aria-keyshortcuts="Q" onClick={askQuestion}>
              Ask<span className="visually-hidden"> a question about this page</span>
            </button>
          )}
        </span>
        {next ? (
          <Link href={next.path} className="bottom-bar__link bottom-bar__link--next" rel="next">
            <span className="bottom-bar__word">Next</span>
            <span className="visually-hidden">: {next.label}</span> <span aria-hidden="true">→</span>
          </Link>
        ) : (
          <span />
        )}
      </div>
    </nav>
  );
}
