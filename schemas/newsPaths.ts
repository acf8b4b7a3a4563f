// What the console and the local platform share about the owners' news of their partners: the
// call each admin reads and sets their own mail choice through. No zod: the console's chunk imports it.

/** GET below `/api/apps/{appId}` (admins): the signed-in admin's choices; PUT `{ mail }` changes them. */
export const NEWS_CALL = '/owner-news';

/** One admin's choice: whether they are mailed when partners read the deck and ask (absent: yes). */
export interface NewsSettings {
  mail: boolean;
}
