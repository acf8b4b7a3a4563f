import { describe, expect, it } from 'vitest';
import { Base44Error } from '../../src/sdk/index.ts';
import { describeError, errorField } from '../../src/login/loginClient.ts';
import { initialLoginState, loginTarget } from '../../src/login/loginTarget.ts';

const ORIGIN = 'http://localhost:3000';

describe('the sign-in page: where to go afterwards', () => {
  it('returns to a same-origin from_url with its path, query and hash', () => {
    expect(loginTarget('http://localhost:3000/ecosystem?x=1#top', ORIGIN)).toBe('/ecosystem?x=1#top');
    expect(loginTarget('/executivesummary', ORIGIN)).toBe('/executivesummary');
  });

  it('refuses other origins, scripts and protocol-relative tricks', () => {
    for (const from of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', 'http://localhost:3001/', 'data:text/html,hi', 'http://[bad']) {
      expect(loginTarget(from, ORIGIN), from).toBe('/');
    }
  });

  it('goes home when there is nothing to return to, or only the sign-in page itself', () => {
    expect(loginTarget(null, ORIGIN)).toBe('/');
    expect(loginTarget('', ORIGIN)).toBe('/');
    expect(loginTarget('http://localhost:3000/login?from_url=x', ORIGIN)).toBe('/');
  });
});

describe('the sign-in page: how it opens', () => {
  it('opens the invitation for an invitation link, the reset form for a reset link, register on request, sign-in otherwise', () => {
    expect(initialLoginState('?invite_token=xyz')).toEqual({ mode: 'invite', email: '', resetToken: null, inviteToken: 'xyz' });
    // An invitation link wins over anything else in the address.
    expect(initialLoginState('?reset_token=abc&invite_token=xyz&mode=register').mode).toBe('invite');
    expect(initialLoginState('?reset_token=abc')).toEqual({ mode: 'reset', email: '', resetToken: 'abc', inviteToken: null });
    expect(initialLoginState('?mode=register&email=a%40b.test')).toEqual({ mode: 'register', email: 'a@b.test', resetToken: null, inviteToken: null });
    expect(initialLoginState('?from_url=%2Fx')).toEqual({ mode: 'signin', email: '', resetToken: null, inviteToken: null });
    expect(initialLoginState('?invite_token=').mode).toBe('signin');
  });
});

describe('the sign-in page: error sentences', () => {
  it("turns the server's field-first details into sentences and keeps other messages", () => {
    const error = (message: string, status?: number) => new Base44Error(message, { status, code: 'ERR_BAD_REQUEST', data: null });
    expect(describeError(error('otp_code: is wrong or has expired', 400))).toBe('The code is wrong or has expired.');
    expect(describeError(error('password: must be at least 8 characters', 400))).toBe('The password must be at least 8 characters.');
    expect(describeError(error('Invalid email or password', 401))).toBe('Invalid email or password');
    expect(describeError(error('', undefined))).toMatch(/could not be reached/);
    expect(describeError(error('invite_token: was already used: sign in with your password', 400))).toBe(
      'This invitation link was already used: sign in with your password.',
    );
  });

  it('names the field a 400 is about, from extra_data or the detail, and nothing else', () => {
    const reply = (status: number, message: string, data: unknown = null) => new Base44Error(message, { status, code: 'invalid_input', data });
    expect(errorField(reply(400, 'whatever', { detail: 'whatever', extra_data: { field: 'new_password' } }))).toBe('new_password');
    expect(errorField(reply(400, 'invite_token: is not a valid invitation link'))).toBe('invite_token');
    expect(errorField(reply(400, 'Something general'))).toBeNull();
    expect(errorField(reply(401, 'password: wrong'))).toBeNull();
    expect(errorField(new Error('new_password: x'))).toBeNull();
  });
});
