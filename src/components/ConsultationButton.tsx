/** Spec section 2: the Schedule a Consultation button does nothing; the phone number is the way in. */
export function ConsultationButton() {
  return (
    <button type="button" className="button button--primary">
      Schedule a Consultation
    </button>
  );
}
