import { deckSettings } from '../registry/slideRegistry.ts';

/** The landing page's footer: prepared for the partner, with its licence number (spec section 2). */
export function PartnerFooter() {
  const { partner } = deckSettings;
  return (
    <p className="partner-footer">
      Prepared for <strong>{partner.name}</strong> · {partner.licence}
    </p>
  );
}
