import { describe, expect, it } from 'vitest';
import { READINESS_ITEMS } from '../../schemas/readinessWire.ts';
import { isRealDomain, type ReadinessFacts, readinessOf, readinessSummary } from '../../src/platform/setup/readiness.ts';

// "Ready to share" decided from facts alone: each item done or not, what it says to do, and what a
// partner invited now would meet. The platform's answers and the console's list come from this.
const READY: ReadinessFacts = {
  company: 'Reverse Holdings Group',
  admin: { email: 'ann@reverseholdings.com', name: 'Ann Lee', passwordGenerated: false },
  sender: { name: 'Reverse Holdings Group via the investor deck', address: 'no-reply@reverseholdings.com', named: false },
  mailServer: 'smtp://deck:***@mail.reverseholdings.com:587',
  publicUrl: 'https://deck.reverseholdings.com',
  samples: [],
  unsourced: [],
  pdfExported: true,
  testMail: { to: 'ann@reverseholdings.com', at: '2026-12-04T10:00:00.000Z', delivery: 'sent', current: true },
};
const item = (facts: ReadinessFacts, id: string) => readinessOf(facts).items.find((candidate) => candidate.id === id)!;

describe('Ready to share', () => {
  it('is ready only when every item is done, and the list has them in order (the password only while generated)', () => {
    const ready = readinessOf(READY);
    expect(ready.ready).toBe(true);
    expect(ready.items.map((entry) => entry.id)).toEqual(READINESS_ITEMS.filter((id) => id !== 'password'));
    expect(ready.items.every((entry) => entry.done && !entry.todo && !entry.partnerSees)).toBe(true);
    expect(readinessSummary(ready)).toBe('ready to share: every item of the console’s “Ready to share” list is done');
    const generated = readinessOf({ ...READY, admin: { ...READY.admin!, passwordGenerated: true } });
    expect(generated.ready).toBe(false);
    expect(generated.items.map((entry) => entry.id)).toEqual([...READINESS_ITEMS]);
  });

  it('on a first start with nothing set: every item says what to do, and what a partner would meet', () => {
    const first: ReadinessFacts = {
      ...READY,
      admin: { email: 'admin@example.com', name: null, passwordGenerated: true },
      sender: { name: 'Reverse Holdings Group via the investor deck', address: 'no-reply@localhost', named: false },
      mailServer: null,
      publicUrl: 'http://localhost:3000',
      samples: ['partner.name', 'host.name', 'contact.phone'],
      unsourced: ['market.homeEquity', 'market.penetration'],
      pdfExported: false,
      testMail: null,
    };
    const readiness = readinessOf(first);
    expect(readiness.ready).toBe(false);
    expect(readiness.items.filter((entry) => entry.done)).toEqual([]);
    for (const entry of readiness.items) expect(entry.todo, entry.id).toEqual(expect.any(String));
    expect(item(first, 'public_address').partnerSees).toBe('The link in the invitation leads to http://localhost:3000/, which will not open on their machine.');
    expect(item(first, 'sender').status).toContain('no mail server is set (SMTP_URL)');
    expect(item(first, 'sender').status).toContain('no-reply@localhost is not an address on your mail domain (MAIL_FROM)');
    expect(item(first, 'sender').partnerSees).toMatch(/goes only to the server log/);
    expect(item(first, 'samples').status).toBe('3 settings in slides/deck.yaml still hold samples: partner.name, host.name, contact.phone.');
    // The figures: a count in the item, the list behind "List them".
    expect(item(first, 'sources')).toMatchObject({ status: '2 figures have no source or as-of date yet.', list: ['market.homeEquity', 'market.penetration'] });
    expect(readinessSummary(readiness)).toBe(
      'not ready to share (0 of 8 done); still to do: the admin’s name (ADMIN_NAME, or at the first sign-in), the admin’s own password, the sender (SMTP_URL, MAIL_FROM), the public address (PUBLIC_URL, https), a test mail, sample values (3), figure sources (2 missing), the PDF (npm run export); the console’s “Ready to share” list says how',
    );
  });

  it('counts a test mail only when the mail server took it with the settings in force now', () => {
    expect(item({ ...READY, testMail: { ...READY.testMail!, current: false } }, 'test_mail')).toMatchObject({
      done: false,
      todo: expect.stringMatching(/Send another/),
    });
    expect(item({ ...READY, testMail: { ...READY.testMail!, delivery: 'failed', error: '550 relay denied' } }, 'test_mail').status).toContain(
      '550 relay denied',
    );
    expect(item({ ...READY, testMail: { ...READY.testMail!, delivery: 'log' } }, 'test_mail').done).toBe(false);
  });

  it('wants a sender that names the company, on a real domain, and an https public address on the internet', () => {
    expect(item({ ...READY, sender: { ...READY.sender, name: 'Investor deck', named: true } }, 'sender').status).toContain(
      "the sender's name does not name Reverse Holdings Group",
    );
    expect(item({ ...READY, publicUrl: 'http://deck.reverseholdings.com' }, 'public_address').done).toBe(false);
    expect(item({ ...READY, publicUrl: 'https://127.0.0.1:3000' }, 'public_address').done).toBe(false);
    for (const host of ['localhost', 'deck.local', 'example.com', 'mail.example.org', 'deck.test', 'x.invalid', '10.0.0.1', 'deck']) {
      expect(isRealDomain(host), host).toBe(false);
    }
    for (const host of ['reverseholdings.com', 'deck.reverse-holdings.co.uk', 'examples.com']) expect(isRealDomain(host), host).toBe(true);
  });
});
