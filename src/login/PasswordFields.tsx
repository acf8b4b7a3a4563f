import { forwardRef, type InputHTMLAttributes } from 'react';
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from '../../schemas/passwordRule.ts';
import { Field } from './Field.tsx';

/** What every form that asks for a password twice says when the two differ. */
export const PASSWORD_MISMATCH = 'The two passwords differ.';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'autoComplete' | 'required' | 'minLength'> & {
  label: string;
  error?: string | null;
};

/**
 * A password being chosen (registration, invitation, reset): the rule's hint, the length the server
 * checks, and `new-password` so password managers offer to generate and save it.
 */
export const NewPasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function NewPasswordField(props, ref) {
  return (
    <Field ref={ref} hint={PASSWORD_HINT} type="password" name="new-password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} {...props} />
  );
});

/** The same password typed again; its error is the mismatch. */
export const ConfirmPasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function ConfirmPasswordField(props, ref) {
  return <Field ref={ref} type="password" name="confirm-password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} {...props} />;
});
