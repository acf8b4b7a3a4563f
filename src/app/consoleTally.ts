import { ENGAGEMENT_FUNCTION, type ViewTally } from '../../schemas/engagementPaths.ts';
import type { Base44Client } from '../sdk/index.ts';

/** The console's source of its tally (src/admin/engagement/viewTallyLoad.ts, TallySource). */
interface EarlyTally {
  ask(): Promise<ViewTally>;
  arrived(): ViewTally | undefined;
  settle(): void;
}

function requestTally(client: Base44Client): Promise<ViewTally> {
  return client.functions.invoke<ViewTally>(ENGAGEMENT_FUNCTION.tally).then((reply) => reply.data);
}

/**
 * Asks for the engagement tally at once, beside the console's chunk rather than after it has
 * loaded and drawn (the largest answer the console waits for), and returns the console's source of
 * it: that first answer once, a fresh request after.
 */
export function tallyAskedEarly(client: Base44Client): EarlyTally {
  let early: Promise<ViewTally> | null = requestTally(client);
  let arrived: ViewTally | undefined;
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  early.then(
    (tally) => (arrived = tally),
    () => undefined,
  );
  const settle = () => {
    early = null;
    arrived = undefined;
  };
  return {
    ask() {
      const answer = early ?? requestTally(client);
      settle();
      return answer;
    },
    arrived: () => (early ? arrived : undefined),
    settle,
  };
}
