import { ENGAGEMENT_FUNCTION, type ViewTally } from '../../schemas/engagementPaths.ts';
import { type DeckVersionList, VERSION_ENTITY } from '../../schemas/versionPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { askedEarly, type EarlySource } from './askedEarly.ts';

// What the console's route asks for before the console's chunk is in: the two answers its opening
// sections wait for. Loaded for admins only (AdminRoute.tsx imports the route lazily).

function requestTally(client: Base44Client): Promise<ViewTally> {
  return client.functions.invoke<ViewTally>(ENGAGEMENT_FUNCTION.tally).then((reply) => reply.data);
}

/** The engagement tally (the largest answer the console waits for): the console's TallySource (src/admin/engagement/viewTallyLoad.ts). */
export function tallyAskedEarly(client: Base44Client, now?: () => number): EarlySource<ViewTally> {
  return askedEarly(client, 'tally', requestTally, now);
}

/** `GET …/DeckVersion` answers `{ current, versions }`, not an array of records (versionPaths.ts). */
function requestVersions(client: Base44Client): Promise<DeckVersionList> {
  return client.entities[VERSION_ENTITY]!.list() as unknown as Promise<DeckVersionList>;
}

/** The deck's versions (the Versions section, the Engagement filter and each viewer's last version). */
export function versionsAskedEarly(client: Base44Client, now?: () => number): EarlySource<DeckVersionList> {
  return askedEarly(client, 'versions', requestVersions, now);
}
