/** An address that may break after its `@` (and nowhere else unless it must), so narrow columns stay readable. */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <span className="admin-email">{email}</span>;
  return (
    <span className="admin-email">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
