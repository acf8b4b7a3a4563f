// The password rule the platform enforces (src/platform/identity/passwordPolicy.ts) and the forms state up
// front (sign-in page, change password), kept once so the hint can never promise another rule.

/** The shortest password register, reset and change accept (OWASP ASVS 2.1.1). */
export const MIN_PASSWORD_LENGTH = 12;

/** What a form says under a new-password field. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters; not a commonly used password.`;
