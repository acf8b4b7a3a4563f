// The days and times a person reads in this process's own time zone, worked out with Date's local
// getters rather than Intl, so a test of a formatter does not restate the formatter. The unit and
// DOM projects run in UTC and again in a zone far from it (vite.config.ts).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** This process's time zone, for test names and messages. */
export const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "24 Nov 2026": the local day of `iso`. */
export function localDay(iso: string): string {
  const at = new Date(iso);
  return `${at.getDate()} ${MONTHS[at.getMonth()]} ${at.getFullYear()}`;
}

/** "24 Nov 2026, 14:05": the local day and time of `iso`. */
export function localTime(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${localDay(iso)}, ${two(at.getHours())}:${two(at.getMinutes())}`;
}
