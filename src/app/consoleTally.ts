import { ENGAGEMENT_FUNCTION, type ViewTally } from '../../schemas/engagementPaths.ts';
import type { Base44Client } from '../sdk/index.ts';

/** The console's source of its tally (src/admin/viewTallyLoad.ts, TallySource). */
interface EarlyTally {
  ask(): Promise<ViewTally>;
  arrived(): ViewTally | undefined;
  settle(): void;
}

/**
 * A request not yet taken is handed to a second render of the console's route (a render React
 * threw away and began again, or a remount) instead of a second request, while it is this fresh.
 */
const REUSE_MS = 10_000;
const untaken = new WeakMap<Base44Client, { source: EarlyTally; at: number }>();

function requestTally(client: Base44Client): Promise<ViewTally> {
  return client.functions.invoke<ViewTally>(ENGAGEMENT_FUNCTION.tally).then((reply) => reply.data);
}

/**
 * Asks for the engagement tally at once, beside the console's chunk rather than after it has
 * loaded and drawn (the largest answer the console waits for), and returns the console's source of
 * it: that first answer once, a fresh request after.
 */
export function tallyAskedEarly(client: Base44Client, now: () => number = Date.now): EarlyTally {
  const waiting = untaken.get(client);
  if (waiting && now() - waiting.at < REUSE_MS) return waiting.source;
  let early: Promise<ViewTally> | null = requestTally(client);
  let arrived: ViewTally | undefined;
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  early.then((tally) => (arrived = tally), () => undefined);
  const settle = () => {
    early = null;
    arrived = undefined;
    if (untaken.get(client)?.source === source) untaken.delete(client);
  };
  const source: EarlyTally = {
    ask() {
      const answer = early ?? requestTally(client);
      settle();
      return answer;
    },
    arrived: () => (early ? arrived : undefined),
    settle,
  };
  untaken.set(client, { source, at: now() });
  return source;
}
