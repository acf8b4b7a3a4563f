// Loaded on the first click of "Schedule a Consultation": few viewers open it, so it stays out of the first visit.
import { useState } from 'react';
import { FormDialog } from './FormDialog.tsx';
import { FormField } from './FormField.tsx';
import { useFormRequest } from './useFormRequest.ts';
import type { ConsultationRequest } from '../ViewerContext.tsx';

/** What the viewer reads once the request is stored. */
export const CONSULTATION_THANKS = 'Thank you: the team will contact you to confirm a time.';

/** The consultation request form: preferred times (required) and a message, sent to the deck's admins. */
export function ConsultationDialog({ send, onClose }: { send: (request: ConsultationRequest) => Promise<void>; onClose: () => void }) {
  const [times, setTimes] = useState('');
  const [message, setMessage] = useState('');
  const request = useFormRequest({ preferred_times: 'Preferred times', message: 'Message' });

  return (
    <FormDialog
      title="Schedule a Consultation"
      request={request}
      done={CONSULTATION_THANKS}
      submitLabel="Send request"
      sendingLabel="Sending…"
      onSubmit={() =>
        void request.submit(
          (): Record<string, string> =>
            times.trim() ? {} : { preferred_times: 'Please say when suits you, such as "Tuesday or Wednesday afternoon, Eastern".' },
          () => send({ preferred_times: times.trim(), ...(message.trim() && { message: message.trim() }) }),
        )
      }
      onClose={onClose}
    >
      <p className="modal__intro">Tell us when suits you and the team will confirm a time.</p>
      <FormField
        id="consultation-times"
        label="Preferred times"
        hint="Required. Days, times and your time zone."
        required
        maxLength={500}
        value={times}
        onChange={(event) => setTimes(event.target.value)}
        error={request.errors.preferred_times}
      />
      <FormField
        id="consultation-message"
        label="Message"
        hint="Optional. Anything the team should know before the call."
        multiline
        maxLength={2000}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={request.errors.message}
      />
    </FormDialog>
  );
}
