import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_GENERATED } from '../../schemas/accessPaths.ts';
import { parseAdminName } from '../../src/platform/config.ts';
import { ADMIN, startTestPlatform, type TestPlatform } from './harness.ts';

// The first admin: named by ADMIN_NAME (no stand-in name a partner would read), and a generated
// password marked so the first sign-in asks for one of the admin's own, until they choose it.
let named: TestPlatform;
let unnamed: TestPlatform;
beforeAll(async () => {
  named = await startTestPlatform('private_with_login', { adminPassword: undefined, adminName: 'Ann Lee' });
  unnamed = await startTestPlatform('private_with_login', { appId: 'unnamed', adminName: undefined });
}, 60_000);
afterAll(async () => {
  await named?.close();
  await unnamed?.close();
});

const generatedPassword = (p: TestPlatform) => /password (\S+) \(generated now/.exec(p.logs.join('\n'))![1]!;

describe('the first admin', () => {
  it('takes their name from ADMIN_NAME, and signs in with the generated password marked as one to replace until they choose their own', async () => {
    const password = generatedPassword(named);
    const signedIn = await named.call('POST', '/auth/login', { body: { email: ADMIN.email, password } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ full_name: 'Ann Lee', role: 'admin', [PASSWORD_GENERATED]: true });

    const changed = await named.call('POST', '/auth/change-password', {
      token: signedIn.body.access_token,
      body: { user_id: signedIn.body.user.id, current_password: password, new_password: 'ann-chose-this-one-1' },
    });
    expect(changed.status).toBe(200);
    const me = await named.call('GET', '/entities/User/me', { token: changed.body.access_token });
    expect(me.body).not.toHaveProperty(PASSWORD_GENERATED);
    expect((await named.call('POST', '/auth/login', { body: { email: ADMIN.email, password: 'ann-chose-this-one-1' } })).body.user).not.toHaveProperty(
      PASSWORD_GENERATED,
    );
  });

  it('has no name without ADMIN_NAME (never "Admin"), and a password from ADMIN_PASSWORD is not marked', async () => {
    const signedIn = await unnamed.call('POST', '/auth/login', { body: { email: ADMIN.email, password: ADMIN.password }, app: 'unnamed' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.full_name).toBeNull();
    expect(signedIn.body.user).not.toHaveProperty(PASSWORD_GENERATED);
    // Their own name, set once signed in, is what every mail and "… is presenting" show from then on.
    const updated = await unnamed.call('PUT', '/entities/User/me', { token: signedIn.body.access_token, body: { full_name: 'Bo Park' }, app: 'unnamed' });
    expect(updated.body.full_name).toBe('Bo Park');
  });

  it('refuses an ADMIN_NAME that is not a one-line name', () => {
    expect(parseAdminName('  Ann Lee ')).toBe('Ann Lee');
    expect(() => parseAdminName('Ann <ann@evil.example>')).toThrow(/ADMIN_NAME must be a name/);
    expect(() => parseAdminName('Ann\nLee')).toThrow(/ADMIN_NAME/);
    expect(() => parseAdminName('x'.repeat(101))).toThrow(/at most 100/);
  });
});
