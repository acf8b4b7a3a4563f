import { ENGAGEMENT_FUNCTION, type ViewTally } from '../../schemas/engagementPaths.ts';
import type { Base44Client } from '../sdk/index.ts';

function requestTally(client: Base44Client): Promise<ViewTally> {
  return client.functions.invoke<ViewTally>(ENGAGEMENT_FUNCTION.tally).then((reply) => reply.data);
}

/**
 * Asks for the engagement tally at once, beside the console's chunk rather than after it has
 * loaded and drawn (the largest answer the console waits for), and returns the console's way to
 * ask: that first answer once, a fresh request each time after.
 */
export function tallyAskedEarly(client: Base44Client): () => Promise<ViewTally> {
  let early: Promise<ViewTally> | null = requestTally(client);
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  early.catch(() => undefined);
  return () => {
    const answer = early ?? requestTally(client);
    early = null;
    return answer;
  };
}
