import './form.css';
/** A form's message that belongs to no single field (a server or network failure), focusable so it is heard. */
export function FormMessage({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="form-message form-message--error" role="alert" tabIndex={-1} data-form-general>
      {text}
    </p>
  );
}
