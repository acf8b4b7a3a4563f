import type { Context } from 'hono';

// What the rooms of the platform are handed and share, in the shape each uses: every room states
// the context it needs as an interface of its own (AdmissionContext, MailContext, …) built from
// these, and http/platformContext.ts gathers them into the one context the routes are given.

/** Writes one line to the platform's log. */
export type Log = (line: string) => void;

/** Work queued to run after a request's reply has gone out (http/afterReply.ts). */
export interface AfterReply {
  /** Queues `job` to start once `c`'s reply has been handed to the socket; `name` goes into the log line if it fails. */
  add(c: Context, name: string, job: () => Promise<void>): void;
}

/** Whose sockets must have their standing decided again: a person's, or one token's (by its SHA-256, hex). */
export interface StandingChange {
  userId?: string;
  digest?: string;
  /** The tab that changed its password carries on: its sockets on token `from` now stand on token `to` (digests). */
  rotate?: { from: string; to: string };
}

/** Broadcasts to socket rooms (realtime.ts); a no-op until the socket server is attached. */
export interface Broadcaster {
  /** Emits `update_model { room, data: JSON.stringify(payload) }` to the room. */
  publish(room: string, payload: unknown): void;
  /**
   * Decides again, on every process, whether each socket of the person or token may still see the
   * deck: one whose person was revoked, expired, demoted or deleted, or whose token was signed out or
   * died with a password change, is closed. Call it after the change is committed; it resolves once
   * this process has decided (the others do within moments).
   */
  standingChanged(change: StandingChange): Promise<void>;
  /** Whether any socket, on any process, is in `room` now (a person's own room: whether they have the deck open). */
  reaches(room: string): Promise<boolean>;
}
