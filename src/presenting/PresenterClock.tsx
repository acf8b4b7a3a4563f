import { useEffect, useState } from 'react';
import { elapsedMs, formatElapsed, resetTimer, startedTimer, toggledTimer } from './presenterTimer.ts';

/** The elapsed timer (pause, reset), started when the window opened, and the time of day. */
export function PresenterClock({ now = Date.now }: { now?: () => number }) {
  const [timer, setTimer] = useState(() => startedTimer(now()));
  const [, tick] = useState(0);
  useEffect(() => {
    const interval = setInterval(() => tick((count) => count + 1), 250);
    return () => clearInterval(interval);
  }, []);
  const at = now();
  const paused = timer.startedAt === null;
  return (
    <div className="presenter__clock">
      <p className="presenter__time">
        <span className="presenter__time-label">Elapsed</span>{' '}
        <time data-testid="presenter-elapsed" className="presenter__elapsed">
          {formatElapsed(elapsedMs(timer, at))}
        </time>
        {paused && <span className="presenter__paused"> (paused)</span>}
      </p>
      <button type="button" className="zoom__button" onClick={() => setTimer((t) => toggledTimer(t, now()))}>
        {paused ? 'Resume' : 'Pause'}
      </button>
      <button type="button" className="zoom__button" onClick={() => setTimer((t) => resetTimer(t, now()))}>
        Reset
      </button>
      <p className="presenter__time">
        <span className="presenter__time-label">Clock</span>{' '}
        <time data-testid="presenter-clock">{new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</time>
      </p>
    </div>
  );
}
