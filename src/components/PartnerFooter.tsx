import { deckSettings } from '../registry/slideRegistry.ts';
import { useViewer } from './ViewerContext.tsx';

/**
 * The landing page's footer: prepared for the partner, with its licence number (spec section 2); for
 * a person the admin gave their own "Prepared for" (issue 11), their name and company instead, and
 * the deck-wide licence goes, since it belongs to the deck-wide partner.
 */
export function PartnerFooter() {
  const { preparedFor } = useViewer();
  if (preparedFor) {
    return (
      <p className="partner-footer">
        Prepared for <strong>{[preparedFor.name, preparedFor.company].filter(Boolean).join(', ')}</strong>
      </p>
    );
  }
  const { partner } = deckSettings;
  return (
    <p className="partner-footer">
      Prepared for <strong>{partner.name}</strong> · {partner.licence}
    </p>
  );
}
