// Facts of engagement and documents that the viewer's deck, the admin console, the PDF
// export and the local platform must agree on: entity names, record shapes, the deck's options,
// presence over the socket, the PDF's address and the stamp's wording. No zod here: the viewer's
// first visit imports this file; the platform's strict schemas live in src/platform/records/entitySchemas.ts.

/** Entities of engagement. Each has a rule in src/platform/records/entityAccess.ts. */
export const ENGAGEMENT_ENTITY = {
  /**
   * Time one viewer spent on one slide in one visit, as one or more records (each flush adds the
   * time since the last one; readers sum by visit and path). A viewer creates only their own and
   * reads none; admins read all.
   */
  view: 'SlideView',
  /** The deck's switches (DeckOptions), one record; every admitted viewer reads it, admins change it. */
  options: 'DeckOptions',
} as const;

/** What kind of screen a visit came from. */
export type DeviceKind = 'desktop' | 'tablet' | 'phone';

/** The fields a viewer's page sends for one SlideView record (the platform adds id, created_by, created_by_id, created_date). */
export interface SlideViewFields {
  /** Random id of the visit (crypto.randomUUID), kept across reloads until VISIT_IDLE_MS without activity. */
  visit_id: string;
  /** The slide's route as in the registry (`/`, `/market`, `/coretechnology`). */
  path: string;
  /** Whole milliseconds counted on this slide since the previous record of the same visit and path. */
  ms: number;
  /** ISO instant the visit began. */
  visit_started_at: string;
  device: DeviceKind;
  /**
   * Random key the page gives the record when it first sends it. A send whose answer never came may
   * have been stored, so the page sends that record again as it was, key and all, and the platform
   * stores a viewer's key once (a page without keys, from before them, still works).
   */
  view_key?: string;
}

/** A stored SlideView record as admins read it. */
export interface SlideViewRecord extends SlideViewFields {
  id: string;
  created_by_id: string;
  /** The viewer's email. */
  created_by: string;
  created_date: string;
  /** The deck version the platform served when it was recorded; absent on older records and decks without versions. */
  version_id?: string;
}

/**
 * Backend functions of engagement (POST /functions/{name} on the platform). The local platform
 * provides them; elsewhere one may answer 404, and the console then sums the raw records itself.
 */
export const ENGAGEMENT_FUNCTION = {
  /** → ViewTally: every SlideView record summed by viewer × slide and by visit. Admins only (SlideView's read rule). */
  tally: 'engagementTally',
} as const;

/** One viewer's time on one slide, summed over their records: `[path, ms]`. */
export type TallyCell = [path: string, ms: number];

/**
 * One visit, summed over its records: `[visit id, started at, last record at, device, ms, version]`;
 * the version is its newest record's version_id, null without one (absent from an older platform).
 */
export type TallyVisitRow = [id: string, startedAt: string, lastAt: string, device: DeviceKind, ms: number, version?: string | null];

/** One viewer's sums. */
export interface TallyViewer {
  /** created_by_id, or the email for a record without one. */
  viewer: string;
  email: string;
  cells: TallyCell[];
  visits: TallyVisitRow[];
}

/**
 * Every SlideView record, summed: what the console draws, in a few thousand short rows instead of
 * one record each (34,000 records of 200 viewers are 3,400 cells and 2,000 visits, ~0.3 MB of JSON).
 */
export interface ViewTally {
  /** How many records were summed. */
  records: number;
  viewers: TallyViewer[];
  /**
   * Ids of the summed records created in the last TALLY_RECENT_MS: their live "create" may reach
   * the console after the tally, and must not be counted twice.
   */
  recent: string[];
}

/** How far back ViewTally.recent reaches (server clock): far longer than a tally's trip. */
export const TALLY_RECENT_MS = 120_000;

/** The deck's switches; they take effect without a rebuild. */
export interface DeckOptions {
  /** Every slide carries a faint mark with the viewer's email and the date. */
  watermark: boolean;
  /** "Download PDF" is offered and DECK_PDF_PATH answers, stamped per viewer. */
  downloads: boolean;
  /** Viewing time is recorded (SlideView) and the viewer is told so once. */
  recording: boolean;
}

/** The switches while no DeckOptions record exists yet. */
export const DEFAULT_DECK_OPTIONS: Readonly<DeckOptions> = { watermark: false, downloads: false, recording: true };

/** The stored options, or the defaults for any field missing (no record yet, or an older one). */
export function deckOptionsOf(record: Partial<DeckOptions> | null | undefined): DeckOptions {
  return {
    watermark: typeof record?.watermark === 'boolean' ? record.watermark : DEFAULT_DECK_OPTIONS.watermark,
    downloads: typeof record?.downloads === 'boolean' ? record.downloads : DEFAULT_DECK_OPTIONS.downloads,
    recording: typeof record?.recording === 'boolean' ? record.recording : DEFAULT_DECK_OPTIONS.recording,
  };
}

/** A visit ends after this long without activity; the next activity starts a new one. */
export const VISIT_IDLE_MS = 30 * 60_000;

/** Recorded time is sent at least this often while viewing, and whenever the page is hidden. */
export const FLUSH_INTERVAL_MS = 30_000;

/** Time counts while the tab is visible and the last input (key, pointer, touch, scroll) is at most this old. */
export const ACTIVE_WINDOW_MS = 2 * 60_000;

/** The local-storage key remembering that this browser was told its viewing is recorded. */
export const RECORDING_NOTICE_KEY = 'deck_recording_notice_seen';

/** The local-storage key of the current visit (`{ id, started_at, last_active }`), so a reload continues it. */
export const VISIT_STORAGE_KEY = 'deck_visit';

/** The stamped PDF's address on the platform: admitted viewers only, and only while downloads are on. */
export const DECK_PDF_PATH = '/deck.pdf';

/** The file `npm run export` writes into dist/. */
export const DECK_PDF_FILE = 'deck.pdf';

/**
 * GET below `/api/apps/{appId}` (any admitted caller) → DeckPdfStatus: whether DECK_PDF_PATH would
 * answer with a PDF now, so the deck shows "Download PDF" only then and the console warns when it
 * is offered without one. The local platform's own call.
 */
export const DECK_PDF_STATUS_CALL = '/deck-pdf/status';

/** What DECK_PDF_STATUS_CALL answers. */
export interface DeckPdfStatus {
  /** The deck's options offer the PDF. */
  offered: boolean;
  /** An export is there and reads as a PDF. */
  exported: boolean;
  /** Not exported yet, but an export is being made now (`npm start` exports in the background): ask again. */
  exporting?: boolean;
}

/** Socket event a viewer's page emits on arriving at a slide: `{ path, device }` (PresenceReport). */
export const PRESENCE_EVENT = 'presence';

/** What a viewer's page reports over the socket. */
export interface PresenceReport {
  path: string;
  device: DeviceKind;
}

/** The socket room (admins only) that carries PresenceUpdate as `update_model` data; joining sends the current list at once. */
export function presenceRoom(appId: string): string {
  return `presence:${appId}`;
}

/** One person with the deck open now. */
export interface PresenceViewer {
  user_id: string;
  email: string;
  full_name?: string | null;
  role: string;
  /** The slide they are on (null until their page reports one). */
  path: string | null;
  device: DeviceKind | null;
  /** ISO instant they arrived on `path`. */
  since: string;
  /** ISO instant their current visit opened. */
  opened_at: string;
}

/** A presence room message: everyone viewing now, and `opened` when someone (not an admin) has just opened the deck. */
export interface PresenceUpdate {
  viewers: PresenceViewer[];
  opened?: PresenceViewer;
}

/** The one wording of the watermark and the PDF stamp: the viewer's email and the day (UTC). */
export function stampText(email: string, at: Date): string {
  return `${email} · ${at.toISOString().slice(0, 10)}`;
}

/** The kind of screen from its CSS width and whether its main pointer is coarse (touch). */
export function deviceKind(width: number, coarsePointer: boolean): DeviceKind {
  if (width < 700) return 'phone';
  if (coarsePointer && width < 1366) return 'tablet';
  return 'desktop';
}

/**
 * The name a downloaded PDF is saved under: the deck's company and the partner it is made for, as
 * words joined by hyphens (`Reverse-Holdings-Group-Alpha-Capital.pdf`); the company alone without a partner.
 */
export function deckPdfName(company: string, partner: string | null | undefined): string {
  const words = `${company} ${partner ?? ''}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .match(/[A-Za-z0-9]+/g);
  return `${(words ?? ['deck']).join('-')}.pdf`;
}
