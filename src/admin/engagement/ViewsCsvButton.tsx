import { useState } from 'react';
import type { EntityHandler } from '../../sdk/index.ts';
import { fieldError } from '../fieldError.ts';
import { listAllViews } from './viewRecords.ts';
import { csvFileName, downloadText, viewsCsv } from './viewsCsv.ts';

interface ViewsCsvButtonProps {
  views: EntityHandler;
  /** Slide labels by path, for the CSV's label column. */
  labels: ReadonlyMap<string, string>;
  records: number;
}

const count = new Intl.NumberFormat('en');

/**
 * Downloads every raw SlideView record as CSV. The console draws from sums, so the records are
 * listed when asked for (34,000 take about a second and a half), not with every open of the console.
 */
export function ViewsCsvButton({ views, labels, records }: ViewsCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      downloadText(viewsCsv(await listAllViews(views), labels), csvFileName(new Date()));
    } catch (failure) {
      setError(fieldError(failure).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="admin-button" aria-disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing CSV…' : 'Download CSV'}
        <span className="visually-hidden"> of all {count.format(records)} view records</span>
      </button>
      {error ? (
        <p className="admin-alert" role="alert">
          The CSV did not download: {error}
        </p>
      ) : null}
    </>
  );
}
