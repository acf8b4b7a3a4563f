import { useEffect, useRef, useState } from 'react';
import type { SlideViewRecord } from '../../schemas/engagementPaths.ts';
import type { EntityHandler } from '../sdk/index.ts';
import { fieldError } from './fieldError.ts';
import type { RecordChange } from './recordChanges.ts';
import { applyViewChange, listAllViews } from './viewRecords.ts';

/** How long the console gathers live views before drawing again: a viewer's flush is one bulk of many records. */
export const VIEW_REFRESH_MS = 100;

/** The SlideView records as the console holds them: null while loading. */
export interface ViewRecords {
  records: readonly SlideViewRecord[] | null;
  error: string | null;
}

/**
 * Every SlideView record, kept current from the entity's room: changes are applied as they come
 * (those during the first load after it) and drawn at most every VIEW_REFRESH_MS.
 */
export function useViewRecords(handler: EntityHandler): ViewRecords {
  const [state, setState] = useState<ViewRecords>({ records: null, error: null });
  const byId = useRef(new Map<string, SlideViewRecord>());
  useEffect(() => {
    let live = true;
    let loaded = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const early: Array<RecordChange<SlideViewRecord>> = [];
    const draw = () => {
      timer = undefined;
      if (live) setState({ records: [...byId.current.values()], error: null });
    };
    const stop = handler.subscribe((event) => {
      const change = event as unknown as RecordChange<SlideViewRecord>;
      if (!loaded) {
        early.push(change);
        return;
      }
      applyViewChange(byId.current, change);
      timer ??= setTimeout(draw, VIEW_REFRESH_MS);
    });
    listAllViews(handler).then(
      (records) => {
        byId.current = new Map(records.map((record) => [record.id, record]));
        for (const change of early.splice(0)) applyViewChange(byId.current, change);
        loaded = true;
        draw();
      },
      (failure: unknown) => live && setState({ records: null, error: fieldError(failure).message }),
    );
    return () => {
      live = false;
      clearTimeout(timer);
      stop();
    };
  }, [handler]);
  return state;
}
