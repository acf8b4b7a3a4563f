/** The alert region of a form: announced by screen readers as soon as it gets text. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div role="alert" className="login-error">
      {message}
    </div>
  );
}
