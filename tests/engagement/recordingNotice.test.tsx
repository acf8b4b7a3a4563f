// The recording notice: shown once per browser, polite, dismissible, and not a dialog.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORDING_NOTICE_KEY } from '../../schemas/engagementPaths.ts';
import { RECORDING_NOTICE, RecordingNotice } from '../../src/engagement/RecordingNotice.tsx';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the recording notice', () => {
  it('tells the viewer in a status note, marks the browser as told, and goes when dismissed', async () => {
    render(<RecordingNotice storage={localStorage} />);
    const note = screen.getByRole('status');
    await act(async () => undefined);
    expect(note.querySelector('p')!.textContent).toBe(RECORDING_NOTICE);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(RECORDING_NOTICE_KEY)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss recording notice' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stays up when its page is built again before it is dismissed, and not after', async () => {
    const first = render(<RecordingNotice storage={localStorage} />);
    await act(async () => undefined);
    first.unmount();
    const second = render(<RecordingNotice storage={localStorage} />);
    await act(async () => undefined);
    expect(screen.getByRole('status').querySelector('p')!.textContent).toBe(RECORDING_NOTICE);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss recording notice' }));
    second.unmount();
    render(<RecordingNotice storage={localStorage} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is not shown again once the browser was told', () => {
    localStorage.setItem(RECORDING_NOTICE_KEY, '2026-11-24T08:00:00.000Z');
    render(<RecordingNotice storage={localStorage} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
