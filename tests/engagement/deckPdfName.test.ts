import { describe, expect, it } from 'vitest';
import { deckPdfName } from '../../schemas/engagementPaths.ts';

describe('the name a downloaded PDF is saved under', () => {
  it('joins the deck’s company and the partner’s name as words', () => {
    expect(deckPdfName('Reverse Holdings Group', 'Alpha Capital')).toBe('Reverse-Holdings-Group-Alpha-Capital.pdf');
    expect(deckPdfName('Reverse Holdings Group', 'Sample Lender, Inc.')).toBe('Reverse-Holdings-Group-Sample-Lender-Inc.pdf');
    expect(deckPdfName('Café Crédit & Co', null)).toBe('Cafe-Credit-Co.pdf');
    expect(deckPdfName('"; rm -rf /', '../../etc')).toBe('rm-rf-etc.pdf');
    expect(deckPdfName('', '')).toBe('deck.pdf');
  });
});
