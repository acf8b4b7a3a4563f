import { FLUSH_INTERVAL_MS, VISIT_IDLE_MS, VISIT_STORAGE_KEY, type DeviceKind, type SlideViewFields } from '../../schemas/engagementPaths.ts';
import { createSlideTimer } from './slideTimer.ts';
import { createViewBatch } from './viewBatch.ts';
import { parseVisit, visitAt, type Visit } from './visit.ts';

/** What a running recorder needs; the browser's pieces default to the page's own. */
export interface RecorderOptions {
  /** Sends one batch of SlideView records in one request (rejects with `status` on a refusal). */
  send(records: SlideViewFields[]): Promise<unknown>;
  device: DeviceKind;
  now?: () => number;
  storage?: Storage | null;
  view?: Window;
  /** A new visit's id. */
  newId?: () => string;
  /** A new record's key (SlideViewFields.view_key). */
  newKey?: () => string;
}

/** A running recorder: told each slide the viewer arrives on, stopped when recording ends. */
export interface Recorder {
  /** The viewer is on `path` now (null off the deck's slides: nothing counts there). */
  show(path: string | null): void;
  /** Sends what was counted, then stops listening. */
  stop(): void;
}

/** What counts as the viewer being active (ACTIVE_WINDOW_MS after the last of these). */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'touchstart', 'wheel', 'scroll'] as const;
/** The stored visit's last activity is rewritten at most this often (it only has to beat VISIT_IDLE_MS). */
const SAVE_GAP_MS = 10_000;

/**
 * Counts viewing time per slide and sends it as SlideView records in one request every
 * FLUSH_INTERVAL_MS while there is something to send, and when the page is hidden or left (the
 * request outlives the page). The visit is kept in local storage so a reload continues it.
 */
export function startRecorder(options: RecorderOptions): Recorder {
  const { send, device, now = () => Date.now(), view = window, newId = randomId, newKey = randomId } = options;
  const storage = options.storage === undefined ? safeStorage(view) : options.storage;
  const doc = view.document;
  const timer = createSlideTimer(now);
  const batch = createViewBatch(device, newKey);
  let visit: Visit = visitAt(parseVisit(read(storage)), now(), newId).visit;
  let savedAt = now();
  write(storage, visit);

  const persist = (lastActive: number) => {
    visit = { ...visit, last_active: new Date(lastActive).toISOString() };
    savedAt = now();
    write(storage, visit);
  };
  // Called before each activity is counted: after VISIT_IDLE_MS without any, the time counted so far
  // goes to the visit it was counted in and a new visit opens.
  const active = () => {
    const at = now();
    if (at - timer.lastInput() >= VISIT_IDLE_MS) {
      batch.add(visit, timer.take());
      visit = visitAt(null, at, newId).visit;
      persist(at);
    } else if (at - savedAt >= SAVE_GAP_MS) persist(at);
  };
  const flush = () => {
    batch.add(visit, timer.take());
    if (batch.size === 0) return;
    const records = batch.drain();
    persist(timer.lastInput());
    send(records).catch((error: unknown) => {
      // A refusal (4xx) would be refused again; after a network failure or a 5xx the records go with
      // the next batch as they were, keys and all, in case the platform stored them before the answer was lost.
      const status = (error as { status?: unknown } | null)?.status;
      if (typeof status !== 'number' || status >= 500) batch.restore(records);
    });
  };

  const onInput = () => {
    active();
    timer.input();
  };
  const onVisibility = () => {
    const shown = doc.visibilityState === 'visible';
    if (shown) active();
    timer.visible(shown);
    if (!shown) flush();
  };
  const onPageHide = () => flush();

  if (doc.visibilityState === 'hidden') timer.visible(false);
  for (const name of INPUT_EVENTS) view.addEventListener(name, onInput, { capture: true, passive: true });
  doc.addEventListener('visibilitychange', onVisibility);
  view.addEventListener('pagehide', onPageHide);
  const interval = view.setInterval(flush, FLUSH_INTERVAL_MS);

  return {
    show(path) {
      active();
      timer.show(path);
    },
    stop() {
      flush();
      view.clearInterval(interval);
      for (const name of INPUT_EVENTS) view.removeEventListener(name, onInput, { capture: true });
      doc.removeEventListener('visibilitychange', onVisibility);
      view.removeEventListener('pagehide', onPageHide);
    },
  };
}

function read(storage: Storage | null): string | null {
  try {
    return storage?.getItem(VISIT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, visit: Visit): void {
  try {
    storage?.setItem(VISIT_STORAGE_KEY, JSON.stringify(visit));
  } catch {
    // Storage denied or full: the visit still runs in this page, it just does not outlive a reload.
  }
}

function safeStorage(view: Window): Storage | null {
  try {
    return view.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A random visit id: crypto.randomUUID where the page is a secure context, random hex elsewhere. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
