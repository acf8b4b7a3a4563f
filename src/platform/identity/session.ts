import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { TOKEN_LIFETIME_MS } from './tokens.ts';

/**
 * The session cookie: the access token again, HttpOnly so page scripts cannot read it. Only the
 * static deck reads it (to decide between a page and the gate shell); the API wants the bearer
 * header, so a cross-site form cannot act with it.
 */
export const SESSION_COOKIE = 'deck_session';

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

/** Sets the session cookie after a sign-in (login, verify-otp, sso, change-password). */
export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c),
    maxAge: Math.floor(TOKEN_LIFETIME_MS / 1000),
  });
}

/** Clears the session cookie (logout, password change). */
export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: isHttps(c), httpOnly: true, sameSite: 'Lax' });
}

/** The session cookie's token, or null. */
export function sessionToken(c: Context): string | null {
  return getCookie(c, SESSION_COOKIE) ?? null;
}
