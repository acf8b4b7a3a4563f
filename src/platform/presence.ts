import {
  type DeviceKind,
  type PresenceReport,
  type PresenceUpdate,
  type PresenceViewer,
  VISIT_IDLE_MS,
} from '../../schemas/engagementPaths.ts';
import type { UserRow } from './users.ts';

// Who has the deck open now, per app, kept in memory from the sockets themselves: a person is
// present while at least one of their sockets is connected, and shows the slide their latest
// report named (two tabs are one viewer). Nothing is stored: a restart forgets it, as the
// sockets reconnect and report again. Every change goes to the app's presence room (realtime.ts).

const DEVICES: ReadonlySet<string> = new Set<DeviceKind>(['desktop', 'tablet', 'phone']);
const SLIDE_PATH = /^\/([a-z0-9-]{1,64})?$/;

/** The report a page sent, or null for anything else (never throws: a socket sends what it likes). */
export function presenceReportOf(raw: unknown): PresenceReport | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { path, device } = raw as Record<string, unknown>;
  if (typeof path !== 'string' || !SLIDE_PATH.test(path)) return null;
  if (typeof device !== 'string' || !DEVICES.has(device)) return null;
  return { path, device: device as DeviceKind };
}

interface Tab {
  report: PresenceReport | null;
  /** When this tab's latest report arrived (or the tab connected), to find the latest across tabs. */
  at: number;
}

interface Person {
  user: Pick<UserRow, 'id' | 'email' | 'full_name' | 'role'>;
  tabs: Map<string, Tab>;
  path: string | null;
  device: DeviceKind | null;
  since: number;
  openedAt: number;
}

/** Where one app's presence changes go: the update for its room. */
export type PresencePublisher = (appId: string, update: PresenceUpdate) => void;

/** Everyone with the deck open, per app, and the visits they are in. */
export class PresenceBoard {
  private readonly apps = new Map<string, Map<string, Person>>();
  // When each person's last socket closed and when that visit opened, so a reload (or a short
  // gap) continues the visit, and only VISIT_IDLE_MS without any socket opens a new one.
  private readonly left = new Map<string, { at: number; openedAt: number }>();

  constructor(
    private readonly publish: PresencePublisher,
    private readonly now: () => number = Date.now,
  ) {}

  /** The viewers of `appId` now, in the order they arrived. */
  viewers(appId: string): PresenceViewer[] {
    return [...(this.apps.get(appId)?.values() ?? [])].map(viewerOf);
  }

  /** A socket of `user` connected; a person who had none is now present (and, if no admin, has opened the deck when their last visit has lapsed). */
  connect(appId: string, socketId: string, user: Person['user']): void {
    const people = this.apps.get(appId) ?? new Map<string, Person>();
    this.apps.set(appId, people);
    const now = this.now();
    const present = people.get(user.id);
    if (present) {
      present.tabs.set(socketId, { report: null, at: now });
      return;
    }
    const key = `${appId}\0${user.id}`;
    const previous = this.left.get(key);
    this.left.delete(key);
    const continues = previous !== undefined && now - previous.at < VISIT_IDLE_MS;
    const person: Person = {
      user: { id: user.id, email: user.email, full_name: user.full_name, role: user.role },
      tabs: new Map([[socketId, { report: null, at: now }]]),
      path: null,
      device: null,
      since: now,
      openedAt: continues ? previous.openedAt : now,
    };
    people.set(user.id, person);
    const opened = !continues && user.role !== 'admin' ? viewerOf(person) : undefined;
    this.publish(appId, opened ? { viewers: this.viewers(appId), opened } : { viewers: this.viewers(appId) });
  }

  /** A socket reported the slide it shows; anything but a PresenceReport is ignored. */
  report(appId: string, socketId: string, userId: string, raw: unknown): void {
    const report = presenceReportOf(raw);
    const person = this.apps.get(appId)?.get(userId);
    const tab = person?.tabs.get(socketId);
    if (!report || !person || !tab) return;
    tab.report = report;
    tab.at = this.now();
    if (this.show(person)) this.publish(appId, { viewers: this.viewers(appId) });
  }

  /** A socket closed (left, revoked, expired); a person with no socket left is gone from the list. */
  disconnect(appId: string, socketId: string, userId: string): void {
    const people = this.apps.get(appId);
    const person = people?.get(userId);
    if (!people || !person || !person.tabs.delete(socketId)) return;
    if (person.tabs.size > 0) {
      if (this.show(person)) this.publish(appId, { viewers: this.viewers(appId) });
      return;
    }
    people.delete(userId);
    if (people.size === 0) this.apps.delete(appId);
    this.forgetLapsed();
    this.left.set(`${appId}\0${userId}`, { at: this.now(), openedAt: person.openedAt });
    this.publish(appId, { viewers: this.viewers(appId) });
  }

  // Shows the latest report of the person's open tabs; true when what admins see changed.
  private show(person: Person): boolean {
    let latest: Tab | undefined;
    for (const tab of person.tabs.values()) if (tab.report && (!latest || tab.at >= latest.at)) latest = tab;
    if (!latest?.report) return false;
    const { path, device } = latest.report;
    if (path === person.path && device === person.device) return false;
    if (path !== person.path) person.since = latest.at;
    person.path = path;
    person.device = device;
    return true;
  }

  // Departures older than a visit's idle time no longer matter: the next arrival opens a visit anyway.
  private forgetLapsed(): void {
    const horizon = this.now() - VISIT_IDLE_MS;
    for (const [key, gone] of this.left) if (gone.at <= horizon) this.left.delete(key);
  }
}

function viewerOf(person: Person): PresenceViewer {
  return {
    user_id: person.user.id,
    email: person.user.email,
    full_name: person.user.full_name ?? null,
    role: person.user.role,
    path: person.path,
    device: person.device,
    since: new Date(person.since).toISOString(),
    opened_at: new Date(person.openedAt).toISOString(),
  };
}
