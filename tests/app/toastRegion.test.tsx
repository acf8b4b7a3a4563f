// Toasts on screen: a plain one closes itself, one with a link (an admin's notice) stays until its
// reader dismisses or follows it, and its link moves within the deck.
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

function renderToasts() {
  const location = memoryLocation({ path: '/market', record: true });
  let api: ReturnType<typeof useToasts> | undefined;
  function Grab() {
    api = useToasts();
    return null;
  }
  render(
    <Router hook={location.hook}>
      <ToastProvider>
        <Grab />
        <ToastRegion />
      </ToastProvider>
    </Router>,
  );
  return { push: (...args: Parameters<ReturnType<typeof useToasts>['push']>) => act(() => api!.push(...args)), location };
}

const shown = () => screen.queryAllByRole('status').map((toast) => toast.textContent);

describe('the toast region', () => {
  it('closes a plain toast after its time, keeps one with a link open', () => {
    const { push } = renderToasts();
    push('Saved');
    push('Access request from ada@lender.example', { label: 'Open the admin console', href: '/admin' });
    expect(shown()).toEqual([expect.stringContaining('Access request from ada@lender.example'), expect.stringContaining('Saved')]);
    act(() => vi.advanceTimersByTime(TOAST_OPEN_MS + 1));
    expect(shown()).toEqual([expect.stringContaining('Access request from ada@lender.example')]);
    act(() => vi.advanceTimersByTime(10 * TOAST_OPEN_MS));
    expect(shown()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(shown()).toEqual([]);
  });

  it("follows the link within the deck and closes the toast", () => {
    const { push, location } = renderToasts();
    push('Consultation request from ada@lender.example', { label: 'Open the admin console', href: '/admin' });
    fireEvent.click(screen.getByRole('link', { name: 'Open the admin console' }));
    expect(location.history?.at(-1)).toBe('/admin');
    expect(shown()).toEqual([]);
  });
});
