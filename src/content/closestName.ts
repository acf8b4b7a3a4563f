/** The known name nearest to a misspelt one (edit distance), if it is near enough to be the one meant. */
export function closestName(wanted: string, known: Iterable<string>): string | undefined {
  const names = [...known];
  // A shortened or lengthened name (CoreTech for CoreTechnology) is far in letters but plainly meant.
  const lower = wanted.toLowerCase();
  const stems = names.filter((name) => name.toLowerCase().startsWith(lower) || lower.startsWith(name.toLowerCase()));
  if (lower.length >= 3 && stems.length === 1) return stems[0];
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(wanted.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  // Transpositions and a few wrong letters, not an unrelated word of the same length.
  return best && best.distance <= Math.max(2, Math.floor(wanted.length / 3)) ? best.name : undefined;
}

/** ` (did you mean BrandOverview?)`, or '' when nothing is close. */
export function didYouMean(wanted: string, known: Iterable<string>): string {
  const name = closestName(wanted, known);
  return name ? ` (did you mean ${name}?)` : '';
}

/** Optimal string alignment distance: a swap of two neighbouring letters counts as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}
