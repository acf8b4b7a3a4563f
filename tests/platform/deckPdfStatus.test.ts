import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECK_PDF_FILE, DECK_PDF_STATUS_CALL, ENGAGEMENT_ENTITY } from '../../schemas/engagementPaths.ts';
import { exportingInBackground } from '../../src/platform/files/deckPdfExport.ts';
import { ADMIN, fakeDeck, startTestPlatform, type TestPlatform } from './harness.ts';

// `npm start` listens before the deck-wide PDF is exported and exports it in the background: the
// PDF's status says it is being made, so the deck asks again and offers the download once it is there.

const deck = fakeDeck({ 'index.html': '<h1>COVER</h1>', '404.html': 'not found', '_gate.html': 'gate' });
let p: TestPlatform;
let admin: string;

beforeAll(async () => {
  p = await startTestPlatform('private_with_login', { staticDir: deck.dir });
  admin = await p.login(ADMIN.email, ADMIN.password);
  expect((await p.call('POST', `/entities/${ENGAGEMENT_ENTITY.options}`, { token: admin, body: { downloads: true } })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await p?.close();
  deck.remove();
});

const status = async () => (await p.call('GET', DECK_PDF_STATUS_CALL, { token: admin })).body;

describe('the PDF status while npm start exports in the background', () => {
  it('says exporting while the export runs, then exported once the file is there', async () => {
    expect(await status()).toEqual({ offered: true, exported: false, exporting: false });
    let finish!: () => void;
    exportingInBackground(deck.dir, new Promise<void>((resolve) => (finish = resolve)));
    expect(await status()).toEqual({ offered: true, exported: false, exporting: true });
    const pdf = await PDFDocument.create();
    pdf.addPage([400, 300]);
    writeFileSync(join(deck.dir, DECK_PDF_FILE), await pdf.save());
    finish();
    expect(await status()).toEqual({ offered: true, exported: true, exporting: false });
  });

  it('says not exporting once an export ended without a file (no chromium): the deck stops asking', async () => {
    const other = fakeDeck({ 'index.html': '<h1>COVER</h1>' });
    try {
      const q = await startTestPlatform('private_with_login', { staticDir: other.dir });
      try {
        const token = await q.login(ADMIN.email, ADMIN.password);
        await q.call('POST', `/entities/${ENGAGEMENT_ENTITY.options}`, { token, body: { downloads: true } });
        let fail!: () => void;
        const exporting = new Promise<void>((resolve) => (fail = resolve));
        exportingInBackground(other.dir, exporting);
        expect((await q.call('GET', DECK_PDF_STATUS_CALL, { token })).body).toMatchObject({ exported: false, exporting: true });
        fail();
        await exporting;
        expect((await q.call('GET', DECK_PDF_STATUS_CALL, { token })).body).toMatchObject({ exported: false, exporting: false });
      } finally {
        await q.close();
      }
    } finally {
      other.remove();
    }
  }, 60_000);
});
