// Toasts on screen: every one closes itself after its time (not while its reader points at
// or focuses the toasts: CSS states happy-dom lacks, checked in chromium, tests/browser/consoleTruth.test.ts);
// at most three are open; a link moves within the deck, and none leads to the page the reader is on.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider, useToasts } from '../../src/app/ToastContext.tsx';
import { ToastRegion } from '../../src/app/ToastRegion.tsx';
import { TOAST_OPEN_MS } from '../../src/app/toasts.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Hands the test the toast API from inside the provider. */
function Grab({ onApi }: { onApi: (toasts: ReturnType<typeof useToasts>) => void }) {
  onApi(useToasts());
  return null;
}

function renderToasts(path = '/market') {
  const location = memoryLocation({ path, record: true });
  let api: ReturnType<typeof useToasts> | undefined;
  render(
    <Router hook={location.hook}>
      <ToastProvider>
        <Grab onApi={(toasts) => (api = toasts)} />
        <ToastRegion />
      </ToastProvider>
    </Router>,
  );
  return { push: (...args: Parameters<ReturnType<typeof useToasts>['push']>) => act(() => api!.push(...args)), location };
}

const shown = () => screen.queryAllByRole('status').map((toast) => toast.textContent);

describe('the toast region', () => {
  it('closes every toast after its time, one with a link too', () => {
    const { push } = renderToasts();
    push('Saved');
    push('Access request from ada@lender.example', { label: 'Open the admin console', href: '/admin' });
    expect(shown()).toEqual([expect.stringContaining('Access request from ada@lender.example'), expect.stringContaining('Saved')]);
    act(() => vi.advanceTimersByTime(TOAST_OPEN_MS - 100));
    expect(shown()).toHaveLength(2);
    act(() => vi.advanceTimersByTime(200));
    expect(shown()).toEqual([]);
  });

  it('shows at most three, newest first', () => {
    const { push } = renderToasts();
    for (const n of [1, 2, 3, 4, 5]) push(`Notice ${n}`);
    expect(shown()).toEqual(['Notice 5', 'Notice 4', 'Notice 3'].map((text) => expect.stringContaining(text)));
    act(() => vi.advanceTimersByTime(TOAST_OPEN_MS + 1));
    expect(shown()).toEqual([]);
  });

  it('offers no link to the page the reader is on', () => {
    const { push } = renderToasts('/admin');
    push('Access request from ada@lender.example', { label: 'Open the admin console', href: '/admin' });
    push('Ada opened the deck', { label: 'See who is viewing', href: '/admin#admin-live' });
    expect(shown()).toHaveLength(2);
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('follows the link within the deck and closes the toast', () => {
    const { push, location } = renderToasts();
    push('Consultation request from ada@lender.example', { label: 'Open the admin console', href: '/admin' });
    fireEvent.click(screen.getByRole('link', { name: 'Open the admin console' }));
    expect(location.history?.at(-1)).toBe('/admin');
    expect(shown()).toEqual([]);
  });
});
