// An admin's "View as": the console's links and the platform that honours them.

/** The query parameter with which an admin opens the deck (or its PDF) as a person sees it: their user id. */
export const VIEW_AS_PARAM = 'view_as';
