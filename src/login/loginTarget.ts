/**
 * Where to go after signing in: `from_url` when it points at this origin (path, query and hash
 * kept), else "/". Anything else — another host, `javascript:`, a protocol-relative `//evil` — is
 * an open redirect and is ignored.
 */
export function loginTarget(fromUrl: string | null | undefined, origin: string): string {
  if (!fromUrl) return '/';
  let target: URL;
  try {
    target = new URL(fromUrl, origin);
  } catch {
    return '/';
  }
  if (target.origin !== origin) return '/';
  // Coming back to the sign-in page itself would loop.
  if (target.pathname === '/login' || target.pathname === '/login.html') return '/';
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * The form on show: a reset link opens "reset", an invitation "register"; "choose" follows a
 * confirmed code when competing registrations left the account without a password.
 */
export type LoginMode = 'signin' | 'register' | 'verify' | 'forgot' | 'reset' | 'choose';

/** Reads the starting mode and prefilled email from the page's query string. */
export function initialLoginState(search: string): { mode: LoginMode; email: string; resetToken: string | null } {
  const params = new URLSearchParams(search);
  const resetToken = params.get('reset_token');
  const email = params.get('email') ?? '';
  if (resetToken) return { mode: 'reset', email, resetToken };
  return { mode: params.get('mode') === 'register' ? 'register' : 'signin', email, resetToken: null };
}
