// The versions' entity, in a file of its own: the console's route, the console and the
// platform read it; a viewer's chunk imports versionPaths.ts for the "what changed" function and so
// neither needs nor carries these.

/** The entity name of versions in the access table (entityAccess.ts); they live in their own table. */
export const VERSION_ENTITY = 'DeckVersion';

/** GET (admins): every version, newest first, with its differences; PUT `/{id}` `{ note }` (admins) sets its note. */
export const VERSIONS_CALL = `/entities/${VERSION_ENTITY}`;
