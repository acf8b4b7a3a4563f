import { useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { deckSlides, slideAtPath, type SlideMeta } from '../registry/slideRegistry.ts';
import { DeckModal } from './DeckModal.tsx';
import { gotoMatches } from './gotoMatch.ts';
import { keyHelpRows } from './keyHelp.ts';
import './deckDialogs.css';

/** The deck's key-opened dialogs. */
export type DeckDialogKind = 'overview' | 'goto' | 'help';

/** The overview, go-to or key help, as a modal dialog; loaded on first use. */
export default function DeckDialogs({ kind, onClose }: { kind: DeckDialogKind; onClose: () => void }) {
  const [location, navigate] = useLocation();
  // Close first (focus goes back), then move: the new page's heading takes the focus from there.
  const goTo = (slide: SlideMeta) => {
    onClose();
    if (slide.path !== location) navigate(slide.path);
  };
  if (kind === 'overview') return <Overview current={slideAtPath(location)} goTo={goTo} onClose={onClose} />;
  if (kind === 'goto') return <GoTo goTo={goTo} onClose={onClose} />;
  return <KeyHelp onClose={onClose} />;
}

function Overview({ current, goTo, onClose }: { current: SlideMeta | undefined; goTo: (slide: SlideMeta) => void; onClose: () => void }) {
  const list = useRef<HTMLOListElement>(null);
  // Arrow keys walk the pages (Up/Down by a row of the grid), Home/End to either end; Enter or a click opens one.
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    const perRow = Math.max(1, Math.round((list.current?.clientWidth ?? 1) / (items[0]?.getBoundingClientRect().width || 1)));
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: perRow, ArrowLeft: -1, ArrowUp: -perRow, Home: -Infinity, End: Infinity };
    const delta = moves[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    items[Math.min(Math.max(index + delta, 0), items.length - 1)]?.focus();
  };
  return (
    <DeckModal title="All pages" className="deck-dialog deck-dialog--overview" onClose={onClose}>
      <div className="modal__body">
        <p className="modal__intro">Arrow keys move between pages; Enter opens one.</p>
        <ol ref={list} className="overview" role="list" onKeyDown={onKeyDown}>
          {deckSlides.map((slide, index) => (
            <li key={slide.path}>
              <a
                href={slide.path}
                className="overview__page"
                aria-current={slide === current ? 'page' : undefined}
                data-autofocus={slide === current || (!current && index === 0) ? '' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  goTo(slide);
                }}
              >
                <span className="overview__number">{index + 1}</span>
                <span className="overview__label">{slide.label}</span>
                <span className="overview__title">{slide.title}</span>
              </a>
            </li>
          ))}
        </ol>
      </div>
    </DeckModal>
  );
}

function GoTo({ goTo, onClose }: { goTo: (slide: SlideMeta) => void; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const matches = gotoMatches(query, deckSlides).slice(0, 6);
  return (
    <DeckModal title="Go to page" className="deck-dialog" onClose={onClose}>
      <form
        className="modal__body"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches[0]) goTo(matches[0]);
        }}
      >
        <label className="goto__label" htmlFor="goto-query">
          Page number (1-{deckSlides.length}) or name
        </label>
        <input
          id="goto-query"
          className="goto__input"
          data-autofocus=""
          autoComplete="off"
          enterKeyHint="go"
          aria-describedby="goto-status"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <p id="goto-status" className="goto__status" role="status">
          {query.trim() === '' ? '' : matches[0] ? `Enter goes to ${deckSlides.indexOf(matches[0]) + 1}: ${matches[0].label}` : 'No page matches'}
        </p>
        {matches.length > 1 && (
          <ul className="goto__matches" role="list" aria-label="Other matches">
            {matches.slice(1).map((slide) => (
              <li key={slide.path}>
                <button type="button" className="goto__match" onClick={() => goTo(slide)}>
                  {deckSlides.indexOf(slide) + 1}: {slide.label}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="modal__actions">
          <button type="submit" className="goto__go">
            Go
          </button>
        </div>
      </form>
    </DeckModal>
  );
}

function KeyHelp({ onClose }: { onClose: () => void }) {
  return (
    <DeckModal title="Keyboard shortcuts" className="deck-dialog" onClose={onClose}>
      <div className="modal__body">
        <table className="key-help">
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {keyHelpRows().map(([keys, description, action]) => (
              <tr key={action}>
                <td>
                  {keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && ' / '}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </td>
                <td>{description}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="modal__intro">Keys are ignored while typing in a text field.</p>
      </div>
    </DeckModal>
  );
}
