import { INVITE_TOKEN_PARAM } from '../../schemas/accessPaths.ts';

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
 * The form on show: a reset link opens "reset", an invitation link "invite", `mode=register`
 * "register"; "choose" follows a confirmed code when competing registrations left the account
 * without a password.
 */
export type LoginMode = 'signin' | 'register' | 'verify' | 'forgot' | 'reset' | 'choose' | 'invite' | 'setup';

/** The page's starting state, read from its query string. */
export interface InitialLoginState {
  mode: LoginMode;
  email: string;
  resetToken: string | null;
  inviteToken: string | null;
}

/** Reads the starting mode, prefilled email and link token from the page's query string. */
export function initialLoginState(search: string): InitialLoginState {
  const params = new URLSearchParams(search);
  const resetToken = params.get('reset_token');
  const inviteToken = params.get(INVITE_TOKEN_PARAM);
  const email = params.get('email') ?? '';
  if (inviteToken) return { mode: 'invite', email, resetToken: null, inviteToken };
  if (resetToken) return { mode: 'reset', email, resetToken, inviteToken: null };
  return { mode: params.get('mode') === 'register' ? 'register' : 'signin', email, resetToken: null, inviteToken: null };
}
