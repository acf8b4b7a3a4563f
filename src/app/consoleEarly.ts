import { ENGAGEMENT_FUNCTION, type ViewTally } from '../../schemas/engagementPaths.ts';
import { VERSION_ENTITY } from '../../schemas/versionEntity.ts';
import type { DeckVersionList } from '../../schemas/versionPaths.ts';
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

/** The console's calls on versions: the list asked for early, and a version's note. */
export interface VersionCalls extends EarlySource<DeckVersionList> {
  /** `PUT …/DeckVersion/{id}` `{ note }` (null clears it). */
  setNote(id: string, note: string | null): Promise<unknown>;
}

/**
 * The deck's versions (the Versions section, the Engagement filter and each viewer's last version),
 * asked for early, with the one other call the console makes on them. Their entity's name lives in
 * this admin-only chunk alone: shared with the console's chunk, it would be one of this chunk's exports
 * (a few more bytes in every page's first script, which loads this one).
 */
export function versionsAskedEarly(client: Base44Client, now?: () => number): VersionCalls {
  return {
    ...askedEarly(client, 'versions', requestVersions, now),
    setNote: (id, note) => client.entities[VERSION_ENTITY]!.update(id, { note }),
  };
}
