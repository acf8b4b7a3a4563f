// "Ready to share": what the console's checklist, the start-up message and the platform agree on.
// No zod: the console's chunk imports it, and the platform fills it in.

/** GET below `/api/apps/{appId}` (admins): the checklist for the admin who asks. */
export const READINESS_CALL = '/readiness';

/** POST below `/api/apps/{appId}` (admins): mails a test message to the admin who asks, and answers with the checklist. */
export const TEST_MAIL_CALL = '/readiness/test-mail';

/** The items, in the order the checklist shows them. */
export const READINESS_ITEMS = ['name', 'password', 'sender', 'public_address', 'test_mail', 'samples', 'sources', 'pdf'] as const;
export type ReadinessItemId = (typeof READINESS_ITEMS)[number];

/** One item of the checklist. */
export interface ReadinessItem {
  id: ReadinessItemId;
  /** "Your name", "The sender", … */
  title: string;
  done: boolean;
  /** How it stands now, in a sentence ("Mail goes out as …"). */
  status: string;
  /** What to do and where, while not done. */
  todo?: string;
  /** What a partner invited now would meet because of it, while not done (the invite confirmation lists these). */
  partnerSees?: string;
  /** The figures still without a source (the `sources` item), behind the checklist's "List them". */
  list?: string[];
}

/** The checklist: ready when every item is done. */
export interface Readiness {
  ready: boolean;
  items: ReadinessItem[];
}
