import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { RECORDING_NOTICE_KEY } from '../../schemas/engagementPaths.ts';
import { NOTICE_SLOT_ID } from '../../schemas/pageSlots.ts';

/** The notice's wording: what is recorded, and for whom. */
export const RECORDING_NOTICE = 'Your viewing time on each slide is recorded for the deck’s owners.';

// In the page's flow under the header (schemas/pageSlots.ts), the toast's own look: over the page it
// would cover the very lines a first visit is for (the cover's Prepared-for, on a phone).
const PLACE = { margin: '0.75rem auto 0', maxWidth: 'min(40rem, calc(100vw - 2rem))' } as const;

/**
 * Shown in this document and not dismissed yet. The browser counts as told the moment the notice
 * shows, so a second mount (the deck's tree built again, as on a reload of its lazy parts) would read
 * "told" and drop a notice the viewer has not had time to read: this keeps it up until dismissed.
 */
let showing = false;

/**
 * Tells the viewer once per browser that their viewing time is recorded: a polite status note they
 * dismiss, never a modal. It counts as told once shown (RECORDING_NOTICE_KEY), so a reload does not
 * repeat it.
 */
export function RecordingNotice({ storage = safeStorage() }: { storage?: Storage | null }) {
  const [open, setOpen] = useState(() => showing || !seen(storage));
  // The live region exists empty first, so screen readers announce the text put in it next.
  const [text, setText] = useState('');
  const close = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the notice first shows
  useEffect(() => {
    if (!open) return;
    showing = true;
    try {
      storage?.setItem(RECORDING_NOTICE_KEY, new Date().toISOString());
    } catch {
      // Storage denied: the notice shows again next time, which errs on the side of telling.
    }
    setText(RECORDING_NOTICE);
  }, []);

  if (!open) return null;
  const dismiss = () => {
    // Focus would fall to the page's start with the button gone: the slide's heading keeps the place.
    if (document.activeElement === close.current) document.getElementById('slide-title')?.focus();
    showing = false;
    setOpen(false);
  };
  const notice = (
    <div className="toast recording-notice" role="status" style={PLACE}>
      <p className="toast__body">{text}</p>
      <button ref={close} type="button" className="toast__close" aria-label="Dismiss recording notice" onClick={dismiss}>
        ×
      </button>
    </div>
  );
  const slot = document.getElementById(NOTICE_SLOT_ID);
  return slot ? createPortal(notice, slot) : notice;
}

function seen(storage: Storage | null): boolean {
  try {
    return Boolean(storage?.getItem(RECORDING_NOTICE_KEY));
  } catch {
    return false;
  }
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
