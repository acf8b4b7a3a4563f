import { describe, expect, it } from 'vitest';
import { Base44Error } from '../../src/sdk/index.ts';
import { describeError } from '../../src/login/loginClient.ts';
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
  it('opens the reset form for a reset link, the register form for an invitation, sign-in otherwise', () => {
    expect(initialLoginState('?reset_token=abc')).toEqual({ mode: 'reset', email: '', resetToken: 'abc' });
    expect(initialLoginState('?mode=register&email=a%40b.test')).toEqual({ mode: 'register', email: 'a@b.test', resetToken: null });
    expect(initialLoginState('?from_url=%2Fx')).toEqual({ mode: 'signin', email: '', resetToken: null });
  });
});

describe('the sign-in page: error sentences', () => {
  it("turns the server's field-first details into sentences and keeps other messages", () => {
    const error = (message: string, status?: number) => new Base44Error(message, { status, code: 'ERR_BAD_REQUEST', data: null });
    expect(describeError(error('otp_code: is wrong or has expired', 400))).toBe('The code is wrong or has expired.');
    expect(describeError(error('password: must be at least 8 characters', 400))).toBe('The password must be at least 8 characters.');
    expect(describeError(error('Invalid email or password', 401))).toBe('Invalid email or password');
    expect(describeError(error('', undefined))).toMatch(/could not be reached/);
  });
});
