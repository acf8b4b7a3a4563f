import { lazy, Suspense, useState } from 'react';
import { deckSettings } from '../registry/slideRegistry.ts';
import { useViewer } from './ViewerContext.tsx';

const ConsultationDialog = lazy(() => import('./forms/ConsultationDialog.tsx').then((module) => ({ default: module.ConsultationDialog })));

const LABEL = 'Schedule a Consultation';

/**
 * On the platform it opens the consultation request form; in a standalone build it opens
 * the deck's `contact.schedulingUrl` in a new tab, and with none set it stays the spec's button that
 * does nothing (the phone number is the way in).
 */
export function ConsultationButton() {
  const { requestConsultation } = useViewer();
  const [open, setOpen] = useState(false);
  if (requestConsultation) {
    return (
      <>
        <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {LABEL}
        </button>
        {open && (
          <Suspense fallback={null}>
            <ConsultationDialog send={requestConsultation} onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </>
    );
  }
  const url = deckSettings.contact.schedulingUrl;
  if (url) {
    return (
      <a className="button button--primary" href={url} target="_blank" rel="noopener noreferrer">
        {LABEL}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <button type="button" className="button button--primary">
      {LABEL}
    </button>
  );
}
