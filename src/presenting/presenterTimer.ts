/** The presenter's elapsed-time clock: running or paused, and how long it ran before the current run. */
export interface PresenterTimer {
  /** Milliseconds counted before `startedAt` (the runs before a pause). */
  banked: number;
  /** When the current run started, or null while paused. */
  startedAt: number | null;
}

/** A timer that starts counting at `now`. */
export function startedTimer(now: number): PresenterTimer {
  return { banked: 0, startedAt: now };
}

/** Milliseconds elapsed at `now`. */
export function elapsedMs(timer: PresenterTimer, now: number): number {
  return timer.banked + (timer.startedAt === null ? 0 : Math.max(now - timer.startedAt, 0));
}

/** Pauses a running timer, or resumes a paused one, at `now`. */
export function toggledTimer(timer: PresenterTimer, now: number): PresenterTimer {
  return timer.startedAt === null ? { banked: timer.banked, startedAt: now } : { banked: elapsedMs(timer, now), startedAt: null };
}

/** Back to zero, keeping whether it runs. */
export function resetTimer(timer: PresenterTimer, now: number): PresenterTimer {
  return { banked: 0, startedAt: timer.startedAt === null ? null : now };
}

/** `12:05` or `1:02:09`: minutes and seconds, hours once there are any. */
export function formatElapsed(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
