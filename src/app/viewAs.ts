import { VIEW_AS_PARAM } from '../../schemas/viewAs.ts';
import type { GateSession } from '../auth/AuthGate.tsx';
import { servedPartner } from './servedPartner.ts';

// An admin's "View as": the page as that person's browser shows it. The platform filled the page
// with the person's partner and named them in the partner tag (`viewing`); the deck then shows their
// header, watermark and notices, and nothing of the admin's (no presenting controls, no console link,
// no admin toasts). The admin stays signed in as themselves: nothing is recorded, nothing is sent as
// the person.

/** Who an admin is viewing the deck as: their address and id; null on any other page. */
export interface ViewedPerson {
  email: string;
  id: string;
}

let viewed: ViewedPerson | null | undefined;

/** The person this page is a "View as" of, read once at start (moving inside the deck keeps it). */
export function viewedPerson(search: string = typeof location === 'undefined' ? '' : location.search): ViewedPerson | null {
  if (viewed === undefined) {
    const email = servedPartner()?.viewing;
    const id = new URLSearchParams(search).get(VIEW_AS_PARAM);
    viewed = email && id ? { email, id } : null;
  }
  return viewed;
}

const shown = new WeakMap<GateSession, GateSession>();

/**
 * The session the deck's pieces see: the viewed person (a viewer) on a "View as" page of an admin's,
 * else the session itself. One object per gate session, so what depends on it does not run again.
 */
export function shownSession(session: GateSession, person: ViewedPerson | null = viewedPerson()): GateSession {
  if (!person || session.user?.role !== 'admin') return session;
  if (!shown.has(session)) shown.set(session, { ...session, user: { id: person.id, email: person.email, role: 'user' } });
  return shown.get(session)!;
}
