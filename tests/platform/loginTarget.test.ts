import { describe, expect, it } from 'vitest';
import { initialLoginState, loginTarget, resolveAppId } from '../../src/login/loginTarget.ts';

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

  it('takes the app id from the address, then the page, then storage', () => {
    expect(resolveAppId('?app_id=fromurl', 'frommeta', 'stored')).toBe('fromurl');
    expect(resolveAppId('', 'frommeta', 'stored')).toBe('frommeta');
    expect(resolveAppId('', null, 'stored')).toBe('stored');
    expect(resolveAppId('', null, null)).toBe('');
  });
});
