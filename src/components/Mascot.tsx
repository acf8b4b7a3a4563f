/** REMO, the AI advisor's mascot: our own SVG from public/, so nothing loads from outside. */
export function Mascot({ size = 160 }: { size?: number }) {
  return <img className="mascot" src="/remo-mascot.svg" alt="REMO, the AI advisor mascot" width={size} height={size} />;
}
