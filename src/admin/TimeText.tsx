import { exactTime, expiryDay, relativeTime } from './timeText.ts';

/** A past or coming time as "3 hours ago", the exact time in its title and machine-readable; "—" when absent. */
export function RelativeTime({ iso, now }: { iso: string | null | undefined; now: Date }) {
  if (!iso) return <Nothing />;
  const exact = exactTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      {relativeTime(iso, now)}
      <span className="visually-hidden"> ({exact})</span>
    </time>
  );
}

/** An expiry as its last day; "—" when access does not expire. */
export function ExpiryDay({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <Nothing />;
  return <time dateTime={iso}>{expiryDay(iso)}</time>;
}

/** An empty cell: a dash to the eye, "none" to a screen reader. */
export function Nothing() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">none</span>
    </>
  );
}
