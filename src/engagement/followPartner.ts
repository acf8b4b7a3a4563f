import { personRoom, type ViewerPartner } from '../../schemas/viewerPartner.ts';
import type { shareAccessSocket } from '../auth/accessSocketUsers.ts';

/**
 * Follows an admin's edit of this person's Prepared-for (issue 25): the platform sends the partner
 * they are now pitched as to their own socket room, which the access socket is in from the start.
 * Returns the function that stops following.
 */
export function followPartner(userId: string, onPartner: (partner: ViewerPartner) => void, share: typeof shareAccessSocket): () => void {
  const room = personRoom(userId);
  return share((socket) => {
    const onUpdate = (message: { room?: unknown; data?: unknown }) => {
      if (message?.room !== room || typeof message.data !== 'string') return;
      const partner = (JSON.parse(message.data) as { partner?: ViewerPartner }).partner;
      if (partner && typeof partner.name === 'string' && typeof partner.line === 'string') onPartner(partner);
    };
    socket.on('update_model', onUpdate);
    return () => socket.off('update_model', onUpdate);
  });
}
