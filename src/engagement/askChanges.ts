import { VISIT_STORAGE_KEY } from '../../schemas/engagementPaths.ts';
import { VERSION_CHANGES_FUNCTION, type ViewerChanges } from '../../schemas/versionPaths.ts';
import type { Base44Client } from '../sdk/index.ts';
import { parseVisit, visitAt } from './visit.ts';

/**
 * Asks the platform once what changed since this viewer's last visit and hands it on only
 * when some figure did: the notice's code loads then, never otherwise. The visit asking is the one
 * the recorder continues (a reload is not a new visit). Returns the undo: a late answer is dropped.
 */
export function askChanges(client: Base44Client, onChanges: (changes: ViewerChanges) => void): () => void {
  let live = true;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(VISIT_STORAGE_KEY);
  } catch {
    // Storage denied: a visit of its own.
  }
  const visit = visitAt(parseVisit(stored), Date.now(), () => crypto.randomUUID()).visit;
  client.functions.invoke<ViewerChanges>(VERSION_CHANGES_FUNCTION, { visit_id: visit.id }).then(
    ({ data }) => live && data.figures?.length && onChanges(data),
    // A platform without versions (the hosted one may lack the function): nothing to tell.
    () => undefined,
  );
  return () => {
    live = false;
  };
}
