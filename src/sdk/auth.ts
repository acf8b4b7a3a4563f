import { Base44Error } from './errors.ts';
import { navigate, type Globals } from './globals.ts';
import type { Http } from './http.ts';
import type { Session } from './session.ts';

/** The signed-in user; `role` is the one field the app reads. */
export interface User {
  id?: string;
  email?: string;
  role?: string;
  [field: string]: unknown;
}

/** What a successful email login returns. */
export interface LoginResult {
  access_token: string;
  user: User;
}

/** The auth module; same names and argument order as the published client. */
export interface AuthModule {
  me(): Promise<User>;
  updateMe(data: Record<string, unknown>): Promise<User>;
  loginViaEmailPassword(email: string, password: string, turnstileToken?: string): Promise<LoginResult>;
  register(payload: Record<string, unknown>): Promise<unknown>;
  verifyOtp(params: { email: string; otpCode: string }): Promise<unknown>;
  resendOtp(email: string): Promise<unknown>;
  resetPasswordRequest(email: string): Promise<unknown>;
  resetPassword(params: { resetToken: string; newPassword: string }): Promise<unknown>;
  changePassword(params: { userId: string; currentPassword: string; newPassword: string }): Promise<unknown>;
  inviteUser(userEmail: string, role: string): Promise<unknown>;
  /** True when `me` answers 2xx, false on any failure. */
  isAuthenticated(): Promise<boolean>;
  setToken(token: string, saveToStorage?: boolean): void;
  /** Signs out everywhere, then goes to `redirectUrl` or reloads the page. */
  logout(redirectUrl?: string): void;
  /** Goes to `{appBaseUrl}/login?from_url={absolute nextUrl}`. */
  redirectToLogin(nextUrl?: string): void;
}

/** What the auth module needs from the client. */
export interface AuthDeps {
  http: Http;
  session: Session;
  globals: Globals;
  appBaseUrl: string;
}

/** Builds the auth module. */
export function createAuthModule({ http, session, globals, appBaseUrl }: AuthDeps): AuthModule {
  const post = async (path: string, json: unknown): Promise<unknown> => (await http({ method: 'POST', path, json })).data;
  const browserLocation = () => {
    const location = globals.location();
    if (!location) throw new Base44Error('Login method can only be used in a browser environment', { code: 'ERR_BAD_REQUEST' });
    return location;
  };

  const auth: AuthModule = {
    me: async () => (await http<User>({ method: 'GET', path: '/entities/User/me' })).data,
    updateMe: async (data) => (await http<User>({ method: 'PUT', path: '/entities/User/me', json: data })).data,
    async loginViaEmailPassword(email, password, turnstileToken) {
      try {
        const { data } = await http<LoginResult>({
          method: 'POST',
          path: '/auth/login',
          json: { email, password, ...(turnstileToken ? { turnstile_token: turnstileToken } : {}) },
        });
        if (data?.access_token) session.setToken(data.access_token);
        return { access_token: data?.access_token, user: data?.user };
      } catch (error) {
        // The published client checked `error.response.status`, which its own error never has, so a 401 never logged the user out.
        if (error instanceof Base44Error && error.status === 401) session.clear();
        throw error;
      }
    },
    register: (payload) => post('/auth/register', payload),
    verifyOtp: ({ email, otpCode }) => post('/auth/verify-otp', { email, otp_code: otpCode }),
    resendOtp: (email) => post('/auth/resend-otp', { email }),
    resetPasswordRequest: (email) => post('/auth/reset-password-request', { email }),
    resetPassword: ({ resetToken, newPassword }) => post('/auth/reset-password', { reset_token: resetToken, new_password: newPassword }),
    async changePassword({ userId, currentPassword, newPassword }) {
      const data = await post('/auth/change-password', { user_id: userId, current_password: currentPassword, new_password: newPassword });
      // The local platform ends every other session and hands this one a fresh token.
      const token = (data as { access_token?: unknown } | null)?.access_token;
      if (typeof token === 'string' && token) session.setToken(token);
      return data;
    },
    inviteUser: (userEmail, role) => post('/users/invite-user', { user_email: userEmail, role }),
    async isAuthenticated() {
      try {
        await auth.me();
        return true;
      } catch {
        return false;
      }
    },
    setToken: (token, saveToStorage = true) => session.setToken(token, saveToStorage),
    logout(redirectUrl) {
      session.clear();
      const location = globals.location();
      if (!location) return;
      if (redirectUrl) navigate(location, redirectUrl);
      else location.reload?.();
    },
    redirectToLogin(nextUrl) {
      const location = browserLocation();
      const from = nextUrl ? new URL(nextUrl, location.href).toString() : location.href;
      navigate(location, `${appBaseUrl}/login?from_url=${encodeURIComponent(from)}`);
    },
  };
  return auth;
}
