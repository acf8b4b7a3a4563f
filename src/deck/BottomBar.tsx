import { Link } from 'wouter';
import { useDeckNavigation } from './useDeckNavigation.ts';

/** Previous and Next as real links, and the counter; only on pages in the deck order. */
export function BottomBar() {
  const { index, total, previous, next } = useDeckNavigation();
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
