import type { Base44Client } from '../sdk/index.ts';

/**
 * An answer the console's route asks for at once, beside the console's chunk rather than after it
 * has loaded and drawn. The console's first picture may look at it (`arrived`: a look, not a use,
 * since a render may be thrown away); `ask` gives that first answer once, then asks afresh; `settle`
 * says the first picture used it, so the next ask is fresh.
 */
export interface EarlySource<T> {
  ask(): Promise<T>;
  arrived(): T | undefined;
  settle(): void;
}

/**
 * A source whose first answer is not taken yet, handed to another render of the console's route
 * instead of a second request while it is this fresh. The route's renders are thrown away and begun
 * again before the console first draws (state and all: each made its own request), four to six
 * times an open in the bench on this machine; for the tally each was a sum of 34,000 records that the
 * one-process database answered before anything else the console asked for.
 */
const REUSE_MS = 10_000;
const untaken = new WeakMap<Base44Client, Map<string, { source: EarlySource<unknown>; at: number }>>();

/** Asks `request` of `client` now, as the source `name` of the console (one untaken source per client and name). */
export function askedEarly<T>(client: Base44Client, name: string, request: (client: Base44Client) => Promise<T>, now: () => number = Date.now): EarlySource<T> {
  let waiting = untaken.get(client);
  if (!waiting) untaken.set(client, (waiting = new Map()));
  const reused = waiting.get(name);
  if (reused && now() - reused.at < REUSE_MS) return reused.source as EarlySource<T>;
  let early: Promise<T> | null = request(client);
  let arrived: T | undefined;
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  early.then(
    (answer) => (arrived = answer),
    () => undefined,
  );
  const settle = () => {
    early = null;
    arrived = undefined;
    if (waiting.get(name)?.source === source) waiting.delete(name);
  };
  const source: EarlySource<T> = {
    ask() {
      const answer = early ?? request(client);
      settle();
      return answer;
    },
    arrived: () => (early ? arrived : undefined),
    settle,
  };
  waiting.set(name, { source, at: now() });
  return source;
}
