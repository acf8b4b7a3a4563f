import { useCallback, useEffect, useRef, useState } from 'react';
import { deckSlides, slideAtPath } from '../registry/slideRegistry.ts';
import type { Base44Client } from '../sdk/index.ts';
import { joinPresenterChannel, type PresenterLink } from './presenterChannel.ts';
import { PresenterClock } from './PresenterClock.tsx';
import { PresenterNotes } from './PresenterNotes.tsx';
import { PresenterQuestions } from './PresenterQuestions.tsx';
import { presenterPair, presenterStartPath } from './presenterAddress.ts';
import { presenterKeyMove, presenterTarget } from './presenterMoves.ts';
import { SlidePreview } from './SlidePreview.tsx';
import { useSpeakerNotes } from './useSpeakerNotes.ts';
import './presenting.css';

/** On <html> while the presenter view is shown: the document does not scroll. */
const PRESENTER_WINDOW_CLASS = 'presenter-window';

/**
 * The presenter window (`/?presenter=1`, admins only, its own lazy chunk): the current and the next
 * slide, the current slide's notes, an elapsed timer and the clock, all inside the window (it never
 * scrolls: presenter.css sizes each part from the window). Moving here moves the deck window and
 * moving there moves this one (PRESENTER_CHANNEL, same browser).
 */
export default function PresenterWindow({ client }: { client: Base44Client }) {
  const [path, setPath] = useState(() => {
    const start = presenterStartPath(window.location.search);
    return start && slideAtPath(start) ? start : (deckSlides[0]?.path ?? '/');
  });
  const link = useRef<PresenterLink | null>(null);
  const notes = useSpeakerNotes(client);

  useEffect(() => {
    // Opened without a pair (an address typed by hand), it moves on its own and moves no deck tab.
    const pair = presenterPair(window.location.search);
    if (pair === null) return undefined;
    const joined = joinPresenterChannel(pair, (heard) => {
      if (slideAtPath(heard)) setPath(heard);
    });
    link.current = joined;
    return () => joined.close();
  }, []);
  useEffect(() => {
    link.current?.moved(path);
  }, [path]);

  const current = slideAtPath(path);
  const index = current ? deckSlides.indexOf(current) : -1;
  const next = index >= 0 ? deckSlides[index + 1] : undefined;
  const move = useCallback(
    (delta: number) => {
      const target = presenterTarget(index, delta, deckSlides.length);
      if (target !== null) setPath(deckSlides[target]!.path);
    },
    [index],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const delta = presenterKeyMove(event);
      if (delta === null) return;
      event.preventDefault();
      move(delta);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  useEffect(() => {
    document.title = `Presenter view: ${current?.label ?? 'deck'}`;
  }, [current]);
  useEffect(() => {
    // The window is laid out to fit, never to scroll (presenting.css); the deck's page styles would let it.
    document.documentElement.classList.add(PRESENTER_WINDOW_CLASS);
    return () => document.documentElement.classList.remove(PRESENTER_WINDOW_CLASS);
  }, []);

  return (
    <main className="presenter" aria-labelledby="presenter-title">
      <header className="presenter__bar">
        <h1 id="presenter-title" className="presenter__title">
          Presenter view
        </h1>
        <PresenterClock />
      </header>
      <section className="presenter__current" aria-labelledby="presenter-current">
        <h2 id="presenter-current" className="presenter__label">
          Now: <span data-testid="presenter-current">{current?.label ?? path}</span>
        </h2>
        {current && <SlidePreview key={current.name} slide={current} />}
        <nav className="presenter__moves" aria-label="Move the deck">
          <button type="button" className="zoom__button presenter__move" onClick={() => move(-1)} disabled={index <= 0}>
            Previous
          </button>
          <span className="presenter__counter" aria-live="polite">
            {index >= 0 ? `${index + 1} / ${deckSlides.length}` : ''}
          </span>
          <button type="button" className="zoom__button presenter__move" onClick={() => move(1)} disabled={index < 0 || index >= deckSlides.length - 1}>
            Next
          </button>
        </nav>
      </section>
      <div className="presenter__side">
        <section className="presenter__next" aria-labelledby="presenter-next">
          <h2 id="presenter-next" className="presenter__label">
            Next: <span data-testid="presenter-next">{next?.label ?? 'end of the deck'}</span>
          </h2>
          {next && <SlidePreview key={next.name} slide={next} />}
        </section>
        <PresenterNotes notes={notes} path={path} />
        <PresenterQuestions client={client} path={path} />
      </div>
    </main>
  );
}
