import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ViewerChanges } from '../../../schemas/versionPaths.ts';
import { setFigureUpdates } from '../../components/figureUpdates.ts';
import { DeckModal } from '../../deck/DeckModal.tsx';
import { InNoticeSlot, NOTICE_SLOT_ID } from '../../deck/DeckNotices.tsx';
import { usePresentMode } from '../../deck/present/presentMode.ts';
import { slideAtPath } from '../../registry/slideRegistry.ts';
import { changeCount, visitDay } from './changeWords.ts';
import './whatChanged.css';

// Dismissing holds for the rest of the tab's session (a reload is not a new chance to nag).
const DISMISSED_KEY = 'deck_changes_dismissed';

function wasDismissed(since: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === since;
  } catch {
    return false;
  }
}

/** Whether a presentation's follow panel is on the page: a follower is shown what the presenter shows, nothing more. */
const followPanelShown = () => document.querySelector('.follow-panel') !== null;

function useFollowPanel(): boolean {
  const [on, setOn] = useState(followPanelShown);
  useEffect(() => {
    const observer = new MutationObserver(() => setOn(followPanelShown()));
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return on;
}

/**
 * A returning viewer's "Updated since your visit on 12 November: 3 figures on 2 pages" notice, its
 * "What changed" dialog, and the marks on the changed figures of each page they have not seen at
 * this version. Loaded only when the platform had something to tell; quiet in present mode and while
 * a presentation is followed.
 */
export default function WhatChanged({ changes }: { changes: ViewerChanges }) {
  const [location] = useLocation();
  const path = slideAtPath(location)?.path ?? null;
  const presenting = usePresentMode();
  const following = useFollowPanel();
  const quiet = presenting || following;
  const since = changes.since ?? '';
  const [dismissed, setDismissed] = useState(() => wasDismissed(since));
  const [open, setOpen] = useState(false);
  const figures = changes.figures ?? [];

  useEffect(() => {
    setFigureUpdates(!quiet && path ? (changes.marks?.[path] ?? {}) : {});
  }, [changes, path, quiet]);
  useEffect(() => () => setFigureUpdates({}), []);

  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, since);
    } catch {
      // Storage denied: dismissed until the next reload.
    }
  };

  if (quiet) return null;
  return (
    <>
      {changes.notice && !dismissed && (
        <InNoticeSlot id={NOTICE_SLOT_ID}>
          <aside className="whats-new" aria-label="Deck updated">
            <p className="whats-new__text">
              Updated since your visit on <time dateTime={since}>{visitDay(since)}</time>:{' '}
              <button type="button" className="whats-new__open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
                {changeCount(figures)}
              </button>
            </p>
            <button type="button" className="whats-new__dismiss" aria-label="Dismiss the update notice" onClick={dismiss}>
              <span aria-hidden="true">×</span>
            </button>
          </aside>
        </InNoticeSlot>
      )}
      {open && (
        <DeckModal title="What changed" className="whats-new-dialog" onClose={() => setOpen(false)}>
          <div className="modal__body">
            <p className="whats-new-dialog__since">
              Since your visit on <time dateTime={since}>{visitDay(since)}</time>
              {changes.note ? ` (${changes.note})` : ''}:
            </p>
            <ul className="whats-new-dialog__list">
              {figures.map((figure) => (
                <li key={figure.id}>
                  <span className="whats-new-dialog__label">{figure.label}</span>: now <strong>{figure.now}</strong>, was{' '}
                  <span className="whats-new-dialog__was">{figure.was}</span>
                  <br />
                  <span className="whats-new-dialog__pages">
                    Shown on{' '}
                    {figure.pages.map((page, index) => (
                      <span key={page.path}>
                        {index > 0 && ', '}
                        {/* The page as the partner reads it at its top: its title, not the deck's internal name. */}
                        <Link href={page.path} onClick={() => setOpen(false)}>
                          {slideAtPath(page.path)?.title ?? page.name}
                        </Link>
                      </span>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </DeckModal>
      )}
    </>
  );
}
