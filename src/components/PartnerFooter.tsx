import { PartnerText } from './PartnerText.tsx';
import { useViewer } from './ViewerContext.tsx';

/**
 * The landing page's footer: prepared for the viewer's partner, the deck-wide partner
 * with its licence number, or the person's own "Prepared for" (name and company) without
 * the licence, which belongs to the deck-wide partner. Until the partner is known, and when a
 * presentation is for nobody in particular while the deck-wide partner is a sample, the line is hidden
 * (the platform's fill shows it: schemas/partnerValues.ts), so no frame shows a half sentence.
 */
export function PartnerFooter() {
  const { partner } = useViewer();
  return (
    <p className="partner-footer" hidden={!partner?.line}>
      Prepared for <PartnerText part="line" as="strong" />
      <PartnerText part="suffix" />
    </p>
  );
}
