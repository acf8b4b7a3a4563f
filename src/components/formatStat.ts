import { formatUsd, formatUsdRange } from '../../schemas/formatUsd.ts';
import type { Stat } from '../../schemas/stat.ts';

/** A stat's display text: its own text, or its money formatted by the one money formatter. */
export function formatStat(stat: Stat): string {
  const figure =
    stat.value ??
    (stat.usdRange ? formatUsdRange(stat.usdRange) : formatUsd(stat.usd ?? 0, { exact: stat.exact ?? false }));
  return `${stat.prefix ?? ''}${figure}${stat.suffix ?? ''}`;
}
