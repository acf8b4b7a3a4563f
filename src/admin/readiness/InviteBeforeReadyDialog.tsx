import type { Readiness } from '../../../schemas/readinessWire.ts';
import { ModalDialog } from '../../components/forms/ModalDialog.tsx';
import { READY_SECTION_ID } from './ReadySection.tsx';

/** What a partner invited now would meet, item by item, from the "Ready to share" list. */
export function partnerWarnings(readiness: Readiness): string[] {
  return readiness.items.flatMap((item) => (!item.done && item.partnerSees ? [item.partnerSees] : []));
}

/**
 * The one question before an invitation while the deck is not ready to share: what the partner will
 * see, and whether to invite anyway. Asked once per visit of the console.
 */
export function InviteBeforeReadyDialog({ email, readiness, onInvite, onCancel }: { email: string; readiness: Readiness; onInvite(): void; onCancel(): void }) {
  const warnings = partnerWarnings(readiness);
  return (
    <ModalDialog title="Invite before the deck is ready?" onClose={onCancel}>
      <div className="modal__body">
        <p>
          The deck is not ready to share yet. If you invite <strong className="admin-dialog__who">{email || 'them'}</strong> now:
        </p>
        {warnings.length > 0 ? (
          <ul className="admin-dialog__list">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : (
          <p>They will see the deck as it is; what is left is on your side (see “Ready to share”).</p>
        )}
        <p>
          <a href={`#${READY_SECTION_ID}`} onClick={onCancel}>
            See what is left in “Ready to share”
          </a>
        </p>
        <div className="modal__actions">
          <button type="button" className="admin-button" autoFocus onClick={onCancel}>
            Not now
          </button>
          <button type="button" className="admin-button admin-button--primary" onClick={onInvite}>
            Invite anyway
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
