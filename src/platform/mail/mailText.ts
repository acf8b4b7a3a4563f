// Text that someone else typed (a stranger's name, a viewer's message) in mail the deck sends from
// its own address: one line in quotes, never a line break that makes a new
// line of the mail, and never an address a mail client turns into a link. Domain dots and schemes
// are written the way security notices write them ("evil[.]example", "https[:]//"), so the text
// stays readable and nothing in it can be clicked.

/** The longest quoted text a mail shows; the rest is cut with an ellipsis. */
export const QUOTED_MAX = 500;

/** Someone else's text as a mail shows it: “one line, defanged”, or an empty string for none. */
export function quoted(text: unknown, max = QUOTED_MAX): string {
  if (typeof text !== 'string') return '';
  // Every kind of line break and control character becomes one space.
  const line = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line) return '';
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  const defanged = cut
    .replace(/:\/\//g, '[:]//')
    .replace(/\b(www)\./gi, '$1[.]')
    .replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}-]{2,})/gu, '$1[.]');
  return `“${defanged.replace(/[“”]/g, '"')}”`;
}
