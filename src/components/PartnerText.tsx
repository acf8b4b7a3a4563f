import { type PartnerPart, partnerPart } from '../../schemas/viewerPartner.ts';
import { useViewer } from './ViewerContext.tsx';

/**
 * One slot of the viewer's partner (schemas/viewerPartner.ts): empty until the partner is known,
 * never another partner's name. The local platform fills the same slot as it serves the page.
 */
export function PartnerText({ part, as: Tag = 'span' }: { part: PartnerPart; as?: 'span' | 'strong' }) {
  const { partner } = useViewer();
  return <Tag data-partner={part}>{partnerPart(partner, part)}</Tag>;
}
