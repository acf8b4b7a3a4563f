import { type DeviceKind, type PresenceReport, type PresenceUpdate, type PresenceViewer, VISIT_IDLE_MS } from '../../../schemas/engagementPaths.ts';
import type { Queryable } from '../db/db.ts';
import type { UserRow } from '../identity/users.ts';

// Who has the deck open now, per app: each person's socket carries its tab (socket.data, see
// realtime.ts), and the list is read from the sockets of the app's viewers room on every process
// (socket.io's fetchSockets, through the Postgres adapter when several share one server), so a
// process that dies takes its tabs with it. A person is present while at least one of their
// sockets is connected, and shows the slide their latest report named (two tabs are one viewer).
// Visits live in the database (presence_visits): a reload, or a tab on another process, continues
// the visit, and only VISIT_IDLE_MS without any sign of the person opens a new one.

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

/** One open tab of a person, as its socket carries it (plain data: it crosses processes). */
export interface PresenceTab {
  user: Pick<UserRow, 'id' | 'email' | 'full_name' | 'role'>;
  report: PresenceReport | null;
  /** When the latest report arrived (or the tab connected), to find the latest across tabs. */
  at: number;
  /** When this tab's path last changed. */
  pathSince: number;
  connectedAt: number;
  /** When the person's visit opened (presence_visits). */
  openedAt: number;
}

/** A new tab of `user`, connected `now` in the visit opened at `openedAt`. */
export function newTab(user: PresenceTab['user'], openedAt: number, now: number): PresenceTab {
  return {
    user: { id: user.id, email: user.email, full_name: user.full_name, role: user.role },
    report: null,
    at: now,
    pathSince: now,
    connectedAt: now,
    openedAt,
  };
}

/** The tab after a report, or null when the report is garbage (nothing changes then). */
export function reportedTab(tab: PresenceTab, raw: unknown, now: number): PresenceTab | null {
  const report = presenceReportOf(raw);
  if (!report) return null;
  return { ...tab, report, at: now, pathSince: tab.report?.path === report.path ? tab.pathSince : now };
}

/** The viewers the tabs make, one per person, in the order they arrived. */
export function viewersOf(tabs: readonly PresenceTab[]): PresenceViewer[] {
  const people = new Map<string, PresenceTab[]>();
  for (const tab of tabs) people.set(tab.user.id, [...(people.get(tab.user.id) ?? []), tab]);
  const arrived = (own: PresenceTab[]) => Math.min(...own.map((tab) => tab.connectedAt));
  return [...people.values()]
    .sort((a, b) => arrived(a) - arrived(b))
    .map((own) => {
      let latest: PresenceTab | undefined;
      for (const tab of own) if (tab.report && (!latest || tab.at >= latest.at)) latest = tab;
      const first = own[0]!;
      return {
        user_id: first.user.id,
        email: first.user.email,
        full_name: first.user.full_name ?? null,
        role: first.user.role,
        path: latest?.report?.path ?? null,
        device: latest?.report?.device ?? null,
        since: new Date(latest?.pathSince ?? arrived(own)).toISOString(),
        opened_at: new Date(Math.min(...own.map((tab) => tab.openedAt))).toISOString(),
      };
    });
}

/**
 * A person's socket connected: continues their visit when they were seen within VISIT_IDLE_MS
 * (another tab, a reload), else opens one. One statement, so tabs connecting at once on several
 * processes agree on the visit.
 */
export async function arrive(db: Queryable, appId: string, userId: string, now: number): Promise<{ openedAt: number; opened: boolean }> {
  const row = await db.query<{ opened_at: number }>(
    `INSERT INTO presence_visits (app_id, user_id, opened_at, seen_at) VALUES ($1, $2, $3, $3)
     ON CONFLICT (app_id, user_id) DO UPDATE SET
       opened_at = CASE WHEN presence_visits.seen_at > EXCLUDED.seen_at - $4 THEN presence_visits.opened_at ELSE EXCLUDED.opened_at END,
       seen_at = EXCLUDED.seen_at
     RETURNING opened_at`,
    [appId, userId, now, VISIT_IDLE_MS],
  );
  const openedAt = Number(row.rows[0]!.opened_at);
  return { openedAt, opened: openedAt === now };
}

/** How often a report refreshes the person's seen time (a deck reports every slide change). */
const SEEN_EVERY_MS = 60_000;

/** Notes a sign of the person (a report, a closed tab), so their visit carries on; `always` skips the throttle. */
export async function noteSeenInVisit(db: Queryable, appId: string, userId: string, now: number, always = false): Promise<void> {
  await db.query('UPDATE presence_visits SET seen_at = $3 WHERE app_id = $1 AND user_id = $2 AND seen_at < $4', [
    appId,
    userId,
    now,
    always ? now : now - SEEN_EVERY_MS,
  ]);
}

/** Where one app's presence changes go: the update for its room. */
export type PresencePublisher = (appId: string, update: PresenceUpdate) => void;

/**
 * Publishes each app's viewer list after a change, reading the tabs anew. Changes that come
 * together (200 followers moving at once) are read and sent once, a few milliseconds later.
 */
export class PresenceFeed {
  private readonly pending = new Map<string, Set<string>>();

  constructor(
    private readonly tabsOf: (appId: string) => Promise<PresenceTab[]>,
    private readonly publish: PresencePublisher,
    private readonly delayMs = 20,
  ) {}

  /** The viewers of `appId` now. */
  async viewers(appId: string): Promise<PresenceViewer[]> {
    return viewersOf(await this.tabsOf(appId));
  }

  /** Something changed in `appId`; `openedBy` is a person whose new visit admins are told about. */
  changed(appId: string, openedBy?: string): void {
    const waiting = this.pending.get(appId);
    if (waiting) {
      if (openedBy) waiting.add(openedBy);
      return;
    }
    const opened = new Set(openedBy ? [openedBy] : []);
    this.pending.set(appId, opened);
    setTimeout(() => {
      this.pending.delete(appId);
      this.viewers(appId).then(
        (viewers) => {
          const announced = viewers.filter((viewer) => opened.has(viewer.user_id));
          if (announced.length === 0) this.publish(appId, { viewers });
          for (const viewer of announced) this.publish(appId, { viewers, opened: viewer });
        },
        () => undefined,
      );
    }, this.delayMs).unref?.();
  }
}
