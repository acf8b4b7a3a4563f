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
    // Only the platform can send to this room (no client may join it), so its message is taken as sent.
    const onUpdate = (message: { room?: unknown; data?: string }) => {
      if (message?.room === room && message.data) onPartner((JSON.parse(message.data) as { partner: ViewerPartner }).partner);
    };
    socket.on('update_model', onUpdate);
    return () => socket.off('update_model', onUpdate);
  });
}
