import type { ReactNode } from 'react';
import { FormMessage } from './FormMessage.tsx';
import { ModalDialog } from './ModalDialog.tsx';
import type { useFormRequest } from './useFormRequest.ts';

/** What a FormDialog needs of its useFormRequest. */
type FormRequest = ReturnType<typeof useFormRequest>;

/**
 * A modal form of the viewer's (change password, consultation request): the fields, the form's own
 * message and one submit button; once sent, the success text (which takes focus) and Done.
 */
export function FormDialog({
  title,
  request,
  done,
  submitLabel,
  sendingLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  request: FormRequest;
  /** What the viewer reads once the request succeeded. */
  done: string;
  submitLabel: string;
  sendingLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalDialog title={title} onClose={onClose}>
      {request.status === 'done' ? (
        <div className="modal__body">
          <p className="form-message form-message--success" role="status" tabIndex={-1} data-form-result>
            {done}
          </p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          ref={request.form}
          className="modal__body"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <FormMessage text={request.general} />
          <div className="modal__actions">
            <button type="submit" className="button button--primary" disabled={request.status === 'sending'}>
              {request.status === 'sending' ? sendingLabel : submitLabel}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
