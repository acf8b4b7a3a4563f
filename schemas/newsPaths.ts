// What the console and the local platform share about the owners' news of their partners: the
// call each admin reads and sets their own mail choice through. No zod: the console's chunk imports it.

/** GET below `/api/apps/{appId}` (admins): the signed-in admin's choices; PUT `{ mail }` changes them. */
export const NEWS_CALL = '/owner-news';

/** One admin's choice: whether they are mailed when partners read the deck and ask (absent: yes). */
export interface NewsSettings {
  mail: boolean;
}

/** Below `/api/apps/{appId}` (admins): GET the deck's webhook (never its secret) and its latest deliveries; PUT `{ url, new_secret? }` sets it; DELETE removes it. */
export const WEBHOOK_CALL = '/webhook';

/** The events a webhook receives, by the news they tell. */
export const WEBHOOK_EVENTS = {
  first_open: 'partner.first_open',
  visit: 'partner.visit',
  question: 'question.asked',
} as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[keyof typeof WEBHOOK_EVENTS];

/** The headers of each delivery: the time it was signed (Unix seconds), the signature, the event and the delivery's id. */
export const WEBHOOK_HEADERS = {
  timestamp: 'X-Deck-Timestamp',
  signature: 'X-Deck-Signature',
  event: 'X-Deck-Event',
  delivery: 'X-Deck-Delivery',
} as const;

/** Minutes from a failed attempt to the next; after the last, the delivery is given up. */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 30, 120, 720] as const;

/** Where a delivery stands. */
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One delivery as the console lists it. */
export interface WebhookDelivery {
  id: string;
  event: WebhookEvent;
  /** When the news happened (ISO). */
  at: string;
  status: DeliveryStatus;
  attempts: number;
  /** The receiver's HTTP status at the last attempt, or null (none yet, or no answer). */
  last_status: number | null;
  /** Why the last attempt failed, or null. */
  last_error: string | null;
  /** When the next attempt is due (ISO), while pending. */
  next_at: string | null;
}

/** The deck's webhook as GET WEBHOOK_CALL answers. */
export interface WebhookState {
  /** Null: none set. */
  url: string | null;
  set_at: string | null;
  set_by: string | null;
  /** Newest first, at most 50. */
  deliveries: WebhookDelivery[];
  /** Only in the answer of the PUT that made a new one: the signing secret, shown this once. */
  secret?: string;
}
