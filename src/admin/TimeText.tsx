import { exactTime, expiryDay, pastTime } from './timeText.ts';

/**
 * When something happened, as "3 hours ago" against `now` (the server's clock), the exact time in
 * its title and machine-readable; "—" when absent. Every relative time in the console is of
 * something that happened: expiries are days (ExpiryDay).
 */
export function RelativeTime({ iso, now }: { iso: string | null | undefined; now: Date }) {
  if (!iso) return <Nothing />;
  const exact = exactTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      {pastTime(iso, now)}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}

/** An expiry as its last day; "—" when access does not expire. */
export function ExpiryDay({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <Nothing />;
  return <time dateTime={iso}>{expiryDay(iso)}</time>;
}

/** An empty cell: a dash to the eye, "none" (or `label`) to a screen reader. */
export function Nothing({ label = 'none' }: { label?: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}
