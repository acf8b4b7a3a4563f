import { useSyncExternalStore } from 'react';
import { askAudience, openPresenter, presentingState, setPresenting, subscribePresenting } from './presentingStore.ts';
import './presenting.css';

/**
 * The admin's presenting controls in the deck's header: the presenter window (also P), and
 * "Start presenting", which lets every signed-in viewer follow this tab's moves.
 */
export default function PresentingButtons() {
  const { live, problem } = useSyncExternalStore(subscribePresenting, presentingState);
  return (
    <div className="presenting-buttons" role="group" aria-label="Presenting">
      <button type="button" className="zoom__button" aria-keyshortcuts="P" onClick={openPresenter}>
        Presenter view
      </button>
      <button
        type="button"
        className={`zoom__button${live ? ' presenting-buttons__live' : ''}`}
        onClick={() => (live ? setPresenting({ live: false, problem: null }) : askAudience('follow'))}
      >
        {live ? 'Stop presenting' : 'Start presenting'}
      </button>
      <span className="visually-hidden" role="status">
        {live ? 'Presenting: signed-in viewers can follow you.' : ''}
      </span>
      {problem && (
        <span className="presenting-buttons__problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
