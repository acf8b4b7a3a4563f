// The recorder in a page (happy-dom) on fake timers: what it sends, when, and in how many requests.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_INTERVAL_MS, VISIT_IDLE_MS, VISIT_STORAGE_KEY, type SlideViewFields } from '../../schemas/engagementPaths.ts';
import { startRecorder, type Recorder } from '../../src/engagement/recorder.ts';

let sent: SlideViewFields[][];
let answer: () => Promise<unknown>;
let running: Recorder[];
let ids: number;
let keys: number;

const start = () => {
  const recorder = startRecorder({
    send: (records) => {
      sent.push(records);
      return answer();
    },
    device: 'desktop',
    storage: localStorage,
    newId: () => `visit-${++ids}`,
    newKey: () => `key-${++keys}`,
  });
  running.push(recorder);
  return recorder;
};
const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};
const msByPath = (records: readonly SlideViewFields[]) => Object.fromEntries(records.map((record) => [record.path, record.ms]));
/** Each send as [path, ms, key] per record: a record sent again keeps its key. */
const keyed = (records: readonly SlideViewFields[]) => records.map((record) => [record.path, record.ms, record.view_key]);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-24T08:00:00.000Z') });
  localStorage.clear();
  sent = [];
  answer = () => Promise.resolve([]);
  running = [];
  ids = 0;
  keys = 0;
  setVisibility('visible');
});
afterEach(() => {
  running.forEach((recorder) => recorder.stop());
  vi.useRealTimers();
});

describe('the recorder', () => {
  it('sends one bulk request per FLUSH_INTERVAL_MS with the time per slide, and none while nothing was counted', async () => {
    const recorder = start();
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 3);
    expect(sent).toEqual([]);

    recorder.show('/');
    await vi.advanceTimersByTimeAsync(20_000);
    recorder.show('/market');
    for (let i = 0; i < 200; i += 1) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS - 20_000 - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual([
      { visit_id: 'visit-1', path: '/', ms: 20_000, visit_started_at: '2026-11-24T08:00:00.000Z', device: 'desktop', view_key: 'key-1' },
      {
        visit_id: 'visit-1',
        path: '/market',
        ms: FLUSH_INTERVAL_MS - 20_000,
        visit_started_at: '2026-11-24T08:00:00.000Z',
        device: 'desktop',
        view_key: 'key-2',
      },
    ]);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sent).toHaveLength(2);
    expect(msByPath(sent[1]!)).toEqual({ '/market': FLUSH_INTERVAL_MS });
  });

  it('sends at once when the page is hidden or left, counts nothing while hidden, and sends nothing twice', async () => {
    const recorder = start();
    recorder.show('/team');
    await vi.advanceTimersByTimeAsync(7_000);
    setVisibility('hidden');
    expect(sent.map(msByPath)).toEqual([{ '/team': 7_000 }]);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 4);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(4_000);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent.map(msByPath)).toEqual([{ '/team': 7_000 }, { '/team': 4_000 }]);
  });

  it('counts nothing for a page opened in a background tab until it is shown', async () => {
    // A page opened hidden (a link opened in a background tab) fires no visibilitychange until it is shown.
    setVisibility('hidden');
    const recorder = start();
    recorder.show('/market');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 2);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent, 'a page opened in a background tab counted viewing time (recorder.ts)').toEqual([]);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(6_000);
    setVisibility('hidden');
    expect(sent.map(msByPath), 'only the time shown counts').toEqual([{ '/market': 6_000 }]);
  });

  it('continues the visit after a reload, and opens a new one after VISIT_IDLE_MS without activity', async () => {
    const first = start();
    first.show('/');
    await vi.advanceTimersByTimeAsync(5_000);
    first.stop();
    const second = start();
    second.show('/');
    await vi.advanceTimersByTimeAsync(5_000);
    setVisibility('hidden');
    expect(sent.map((records) => records[0]!.visit_id)).toEqual(['visit-1', 'visit-1']);
    expect(JSON.parse(localStorage.getItem(VISIT_STORAGE_KEY)!)).toMatchObject({ id: 'visit-1', started_at: '2026-11-24T08:00:00.000Z' });

    await vi.advanceTimersByTimeAsync(VISIT_IDLE_MS);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(3_000);
    setVisibility('hidden');
    expect(sent.at(-1)).toEqual([
      { visit_id: 'visit-2', path: '/', ms: 3_000, visit_started_at: new Date(Date.now() - 3_000).toISOString(), device: 'desktop', view_key: 'key-3' },
    ]);
  });

  it('sends again what a network failure or a 5xx lost, never what the platform refused', async () => {
    const recorder = start();
    recorder.show('/');
    answer = () => Promise.reject(Object.assign(new Error('Network Error'), { status: undefined }));
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    answer = () => Promise.reject(Object.assign(new Error('Refused'), { status: 403 }));
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    answer = () => Promise.resolve([]);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    // The lost send goes again as it was (its key lets the platform store it once), beside the new time.
    expect(sent.map(keyed)).toEqual([
      [['/', FLUSH_INTERVAL_MS, 'key-1']],
      [
        ['/', FLUSH_INTERVAL_MS, 'key-1'],
        ['/', FLUSH_INTERVAL_MS, 'key-2'],
      ],
      [['/', FLUSH_INTERVAL_MS, 'key-3']],
    ]);
    expect(sent[1]![0]).toEqual(sent[0]![0]);
  });

  it('stops counting two minutes after the last input, so an idle open tab adds nothing', async () => {
    const recorder = start();
    recorder.show('/market');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 10);
    const total = sent.flat().reduce((sum, record) => sum + record.ms, 0);
    expect(total).toBe(2 * 60_000);
    expect(sent).toHaveLength(4);
  });
});

// Found by `npm run mutate`: what the tests above left unasserted.
describe('the recorder, in detail', () => {
  it('keeps counting while the viewer gives input, even where the page stops the event', async () => {
    const recorder = start();
    recorder.show('/market');
    const stopper = document.createElement('button');
    stopper.addEventListener('keydown', (event) => event.stopPropagation());
    document.body.append(stopper);
    for (let minute = 0; minute < 4; minute += 1) {
      await vi.advanceTimersByTimeAsync(60_000);
      stopper.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    }
    recorder.stop();
    stopper.remove();
    expect(sent.flat().reduce((sum, record) => sum + record.ms, 0)).toBe(4 * 60_000);
  });

  it('notes the last activity in storage at most every 10 s, so a reload knows whether the visit went idle', async () => {
    const recorder = start();
    recorder.show('/');
    const lastActive = () => JSON.parse(localStorage.getItem(VISIT_STORAGE_KEY)!).last_active as string;
    const opened = lastActive();
    await vi.advanceTimersByTimeAsync(9_999);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(lastActive()).toBe(opened);
    await vi.advanceTimersByTimeAsync(1);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(lastActive()).toBe(new Date(Date.now()).toISOString());
  });

  it('opens a new visit after exactly VISIT_IDLE_MS without activity', async () => {
    const recorder = start();
    recorder.show('/');
    await vi.advanceTimersByTimeAsync(VISIT_IDLE_MS);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await vi.advanceTimersByTimeAsync(1_000);
    recorder.stop();
    expect([...new Set(sent.flat().map((record) => record.visit_id))]).toEqual(['visit-1', 'visit-2']);
    expect(sent.at(-1)).toEqual([expect.objectContaining({ visit_id: 'visit-2', ms: 1_000 })]);
  });

  it('sends again after a refusal without a status (null) and after exactly 500', async () => {
    const recorder = start();
    recorder.show('/');
    answer = () => Promise.reject(null);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    answer = () => Promise.reject(Object.assign(new Error('Server'), { status: 500 }));
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    answer = () => Promise.resolve([]);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sent.map(keyed)).toEqual([
      [['/', FLUSH_INTERVAL_MS, 'key-1']],
      [
        ['/', FLUSH_INTERVAL_MS, 'key-1'],
        ['/', FLUSH_INTERVAL_MS, 'key-2'],
      ],
      [
        ['/', FLUSH_INTERVAL_MS, 'key-1'],
        ['/', FLUSH_INTERVAL_MS, 'key-2'],
        ['/', FLUSH_INTERVAL_MS, 'key-3'],
      ],
    ]);
  });

  it('hears nothing once stopped: no input, no pagehide, no interval', async () => {
    const recorder = start();
    recorder.show('/team');
    await vi.advanceTimersByTimeAsync(5_000);
    recorder.stop();
    running = running.filter((running) => running !== recorder);
    const stored = localStorage.getItem(VISIT_STORAGE_KEY);
    await vi.advanceTimersByTimeAsync(20_000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    window.dispatchEvent(new Event('pagehide'));
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 2);
    expect(sent.map(msByPath)).toEqual([{ '/team': 5_000 }]);
    expect(localStorage.getItem(VISIT_STORAGE_KEY)).toBe(stored);
  });

  it('runs without storage (denied): counts and sends, remembering nothing', async () => {
    const recorder = startRecorder({ send: (records) => (sent.push(records), answer()), device: 'phone', storage: null, newId: () => 'no-storage' });
    running.push(recorder);
    recorder.show('/');
    await vi.advanceTimersByTimeAsync(3_000);
    recorder.stop();
    expect(sent).toEqual([[expect.objectContaining({ visit_id: 'no-storage', ms: 3_000, device: 'phone' })]]);
    expect(localStorage.getItem(VISIT_STORAGE_KEY)).toBeNull();
  });

  it('a tab hidden after a long idle and shown again opens one new visit, not two', async () => {
    const recorder = start();
    recorder.show('/');
    await vi.advanceTimersByTimeAsync(VISIT_IDLE_MS + 1);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(1_000);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(2_000);
    recorder.stop();
    expect(sent.at(-1)).toEqual([expect.objectContaining({ visit_id: 'visit-2', ms: 2_000 })]);
  });

  it('keeps counting when storage throws (full or denied)', async () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    } as unknown as Storage;
    const recorder = startRecorder({ send: (records) => (sent.push(records), answer()), device: 'desktop', storage: broken, newId: () => 'broken' });
    running.push(recorder);
    recorder.show('/');
    await vi.advanceTimersByTimeAsync(4_000);
    recorder.stop();
    expect(sent).toEqual([[expect.objectContaining({ visit_id: 'broken', ms: 4_000 })]]);
  });

  it('makes a random hex visit id where crypto.randomUUID is missing (an insecure context)', async () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    try {
      const recorder = startRecorder({ send: (records) => (sent.push(records), answer()), device: 'desktop', storage: null });
      running.push(recorder);
      recorder.show('/');
      await vi.advanceTimersByTimeAsync(1_000);
      recorder.stop();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent[0]![0]!.visit_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("defaults to the page's local storage, a random visit id and random record keys", async () => {
    const recorder = startRecorder({ send: (records) => (sent.push(records), answer()), device: 'desktop' });
    running.push(recorder);
    recorder.show('/');
    await vi.advanceTimersByTimeAsync(2_000);
    recorder.stop();
    const id = sent[0]![0]!.visit_id;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(JSON.parse(localStorage.getItem(VISIT_STORAGE_KEY)!).id).toBe(id);
    const key = sent[0]![0]!.view_key;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(key).not.toBe(id);
  });
});
