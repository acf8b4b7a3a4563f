// How people read a viewing time, in the console and in the owners' mail: whole seconds, at most two units.

/** "0 s", "12 s", "1 min 5 s", "2 h 3 min": rounded to the second, at most two units. */
export function durationText(ms: number): string {
  const seconds = Math.round(Math.max(0, ms) / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
