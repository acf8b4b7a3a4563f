import { describe, expect, it } from 'vitest';
import { forwardErrorsToParent } from '../../src/app/forwardErrors.ts';
import { isFramed, postToParent } from '../../src/app/frameMessages.ts';

/** A window inside a frame: a real EventTarget whose parent records what it is sent. */
function framedWindow(framed = true) {
  const sent: Array<{ message: unknown; target: string }> = [];
  const parent = { postMessage: (message: unknown, target: string) => sent.push({ message, target }) };
  const win = Object.assign(new EventTarget(), { parent, top: framed ? parent : undefined }) as unknown as Window & typeof globalThis;
  (win as unknown as { self: unknown }).self = win;
  if (!framed) (win as unknown as { top: unknown }).top = win;
  return { win, sent };
}

describe('postToParent', () => {
  it('posts with a wildcard target inside a frame', () => {
    const { win, sent } = framedWindow();
    expect(isFramed(win)).toBe(true);
    postToParent({ type: 'app_changed_url', url: 'http://deck.test/market' }, win);
    expect(sent).toEqual([{ message: { type: 'app_changed_url', url: 'http://deck.test/market' }, target: '*' }]);
  });

  it('posts nothing when the deck is the top window', () => {
    const { win, sent } = framedWindow(false);
    expect(isFramed(win)).toBe(false);
    postToParent({ type: 'app_changed_url', url: 'x' }, win);
    expect(sent).toEqual([]);
  });
});

describe('forwardErrorsToParent', () => {
  const errorEvent = (error: unknown) => Object.assign(new Event('error'), { error, message: String(error) });
  const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

  it('forwards uncaught errors and unhandled rejections with message, name, status and stack', () => {
    const { win, sent } = framedWindow();
    const stop = forwardErrorsToParent(win);
    win.dispatchEvent(errorEvent(new TypeError('boom')));
    win.dispatchEvent(rejection(Object.assign(new Error('Server down'), { name: 'Base44Error', status: 503 })));
    stop();
    win.dispatchEvent(errorEvent(new Error('after stop')));
    expect(sent.map(({ message }) => message)).toEqual([
      { type: 'app_error', error: expect.objectContaining({ message: 'boom', name: 'TypeError', stack: expect.stringContaining('boom') }) },
      { type: 'app_error', error: expect.objectContaining({ message: 'Server down', name: 'Base44Error', status: 503 }) },
    ]);
  });

  it('keeps errors with status 402 to itself', () => {
    const { win, sent } = framedWindow();
    const stop = forwardErrorsToParent(win);
    win.dispatchEvent(rejection(Object.assign(new Error('Payment required'), { status: 402 })));
    stop();
    expect(sent).toEqual([]);
  });
});
