import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPlatformOptions } from '../../src/platform/config.ts';

const dir = mkdtempSync(join(tmpdir(), 'platform-config-'));
mkdirSync(join(dir, 'slides'));
const deckYaml = (platform: string) =>
  writeFileSync(
    join(dir, 'slides', 'deck.yaml'),
    [
      'company: { name: Test Co }',
      'partner: { name: Partner, licence: "NMLS #1" }',
      'host: { name: Host, domain: host.example }',
      'contact: { phone: "(555) 010-0100", website: test.example }',
      `platform: ${platform}`,
    ].join('\n'),
  );
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('platform settings', () => {
  it('reads appId and visibility from slides/deck.yaml, with defaults for the rest', () => {
    deckYaml('{ appId: my-deck, visibility: public_with_login }');
    expect(loadPlatformOptions({}, dir)).toMatchObject({
      appId: 'my-deck',
      visibility: 'public_with_login',
      port: 3000,
      dataDir: join(dir, '.data'),
      staticDir: join(dir, 'dist'),
      adminEmail: undefined,
      serviceToken: undefined,
    });
  });

  it('lets the environment override every setting', () => {
    deckYaml('{ appId: my-deck, visibility: public_with_login }');
    const env = {
      APP_ID: 'env-app',
      DECK_VISIBILITY: 'public_without_login',
      PORT: '4100',
      DATA_DIR: '/tmp/somewhere',
      ADMIN_EMAIL: 'a@b.test',
      ADMIN_PASSWORD: 'pw-from-env',
      SERVICE_TOKEN: 'svc',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://deck.example.com/',
    };
    expect(loadPlatformOptions(env, dir)).toMatchObject({
      appId: 'env-app',
      visibility: 'public_without_login',
      port: 4100,
      dataDir: '/tmp/somewhere',
      adminEmail: 'a@b.test',
      adminPassword: 'pw-from-env',
      serviceToken: 'svc',
      host: '127.0.0.1',
      publicUrl: 'https://deck.example.com',
    });
  });

  it('names what is wrong', () => {
    deckYaml('{ appId: my-deck, visibility: everyone }');
    expect(() => loadPlatformOptions({}, dir)).toThrow(/^slides\/deck\.yaml:5:41 platform\.visibility: /);
    deckYaml('{ appId: my-deck, visibility: private_with_login }');
    expect(() => loadPlatformOptions({ DECK_VISIBILITY: 'open' }, dir)).toThrow(/DECK_VISIBILITY must be one of/);
    expect(() => loadPlatformOptions({ APP_ID: 'bad id!' }, dir)).toThrow(/APP_ID/);
    expect(() => loadPlatformOptions({ PORT: 'eighty' }, dir)).toThrow(/PORT/);
  });

  it('reports a broken deck.yaml as the content check does: file:line:column field: message, every field', () => {
    deckYaml('\n  appId: 7\n  visibilty: private_with_login');
    const error = (() => {
      try {
        loadPlatformOptions({}, dir);
      } catch (caught) {
        return (caught as Error).message;
      }
    })();
    expect(error?.split('\n')).toEqual([
      'slides/deck.yaml:6:10 platform.appId: must be text',
      'slides/deck.yaml:6:3 platform.visibility: Invalid option: expected one of "public_without_login"|"public_with_login"|"private_with_login"',
      'slides/deck.yaml:7:3 platform.visibilty: is not a known field',
    ]);
    deckYaml('{ appId: my-deck, visibility: [ }');
    expect(() => loadPlatformOptions({}, dir)).toThrow(/^slides\/deck\.yaml:\d+:\d+ invalid YAML: /);
  });

  it('takes SMTP_URL and MAIL_FROM, and refuses to start on a malformed one, saying what is wrong', () => {
    deckYaml('{ appId: my-deck, visibility: private_with_login }');
    expect(loadPlatformOptions({}, dir)).toMatchObject({ smtpUrl: undefined, mailFrom: undefined });
    const env = { SMTP_URL: 'smtps://deck%40co:p%40ss@mail.example.com:465', MAIL_FROM: 'Deck <deck@co.example>' };
    expect(loadPlatformOptions(env, dir)).toMatchObject({ smtpUrl: env.SMTP_URL, mailFrom: 'Deck <deck@co.example>' });
    expect(loadPlatformOptions({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'deck@co.example' }, dir).smtpUrl).toBe('smtp://127.0.0.1:2525');
    const refused: Array<[string, RegExp]> = [
      ['mail.example.com:587', /SMTP_URL must look like smtp:\/\/user:pass@mail\.example\.com:587.*scheme mail\.example\.com:/],
      ['https://mail.example.com', /SMTP_URL .*scheme https:/],
      ['smtp://', /SMTP_URL .*host is missing/],
      ['smtp:/mail.example.com', /SMTP_URL .*host is missing/],
      ['smtp://mail.example.com:99999', /SMTP_URL .*not a URL/],
      ['smtp://mail.example.com/inbox', /SMTP_URL .*path such as \/inbox/],
      ['smtp://user:100%zz@mail.example.com', /SMTP_URL .*percent-encoding/],
    ];
    for (const [value, message] of refused) expect(() => loadPlatformOptions({ SMTP_URL: value }, dir), value).toThrow(message);
    for (const from of ['no address', 'Deck <not-an-address>', 'a@b.example, c@d.example', 'Deck <a@b.example']) {
      expect(() => loadPlatformOptions({ MAIL_FROM: from }, dir), from).toThrow(/^MAIL_FROM must be an address/);
    }
  });

  it('reads NEW_ADDRESS_CODES_PER_HOUR and AUDIT_RETENTION_DAYS as whole numbers from 1 up, and refuses anything else by name', () => {
    deckYaml('{ appId: my-deck, visibility: private_with_login }');
    expect(loadPlatformOptions({ NEW_ADDRESS_CODES_PER_HOUR: '12', AUDIT_RETENTION_DAYS: '90' }, dir)).toMatchObject({
      newAddressCodesPerHour: 12,
      auditRetentionDays: 90,
    });
    expect(loadPlatformOptions({}, dir)).toMatchObject({ newAddressCodesPerHour: undefined, auditRetentionDays: undefined });
    const bad: Array<[string, string]> = [
      ['NEW_ADDRESS_CODES_PER_HOUR', '0'],
      ['NEW_ADDRESS_CODES_PER_HOUR', '1.5'],
      ['AUDIT_RETENTION_DAYS', 'forever'],
      ['AUDIT_RETENTION_DAYS', '-3'],
    ];
    for (const [name, value] of bad) {
      expect(() => loadPlatformOptions({ [name]: value }, dir), `${name}=${value}`).toThrow(new RegExp(`^${name} must be a whole number from 1 up`));
    }
  });

  it('reads who may frame the deck from platform.frameAncestors or FRAME_ANCESTORS, and refuses a bad source at start, naming it', () => {
    deckYaml('{ appId: my-deck, visibility: private_with_login }');
    expect(loadPlatformOptions({}, dir).frameAncestors).toBeUndefined();
    deckYaml(`{ appId: my-deck, visibility: private_with_login, frameAncestors: [self, 'https://app.base44.com'] }`);
    expect(loadPlatformOptions({}, dir).frameAncestors).toEqual(["'self'", 'https://app.base44.com']);
    // The environment wins, spaces or commas between sources, quotes optional around self and none.
    expect(loadPlatformOptions({ FRAME_ANCESTORS: "'self', https://*.base44.app http://localhost:5173" }, dir).frameAncestors).toEqual([
      "'self'",
      'https://*.base44.app',
      'http://localhost:5173',
    ]);
    expect(loadPlatformOptions({ FRAME_ANCESTORS: 'none' }, dir).frameAncestors).toEqual(["'none'"]);
    const refused: Array<[string, RegExp]> = [
      ['https://app.base44.com/editor', /^FRAME_ANCESTORS: must be 'self', 'none' or an origin .*no path.*\(got "https:\/\/app\.base44\.com\/editor"\)/],
      ["'unsafe-inline'", /^FRAME_ANCESTORS: .*\(got "'unsafe-inline'"\)/],
      ['app.base44.com', /^FRAME_ANCESTORS: .*\(got "app\.base44\.com"\)/],
      ['https://a.example;script-src *', /^FRAME_ANCESTORS: .*\(got "https:\/\/a\.example;script-src"\)/],
      ['none https://a.example', /^FRAME_ANCESTORS: 'none' cannot be combined with other sources/],
    ];
    for (const [value, message] of refused) expect(() => loadPlatformOptions({ FRAME_ANCESTORS: value }, dir), value).toThrow(message);
    deckYaml(`{ appId: my-deck, visibility: private_with_login, frameAncestors: ['https://app.base44.com/x'] }`);
    expect(() => loadPlatformOptions({}, dir)).toThrow(/^slides\/deck\.yaml:5:\d+ platform\.frameAncestors\[0\]: must be 'self', 'none' or an origin/);
  });
});
