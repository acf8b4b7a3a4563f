/** Median of the numbers (mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/**
 * The p-th percentile by linear interpolation between closest ranks (p in 0..100); NaN for none.
 * With p = 50 this is the ordinary median.
 */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}
