import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingLink } from '../../src/components/Setting.tsx';

// The contact page's links once the phone and the website are the deck's own (a sample shows no row at all:
// tests/browser/presentingTo.test.ts).

afterEach(cleanup);

describe('a setting as its link', () => {
  it('dials the phone by its digits and leading +', () => {
    const { container } = render(<SettingLink name="phone" value="+1 (415) 555-0134" />);
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('tel:+14155550134');
    expect(link.textContent).toBe('+1 (415) 555-0134');
  });

  it('opens the website over https in a new tab, without handing it this page', () => {
    const { container } = render(<SettingLink name="website" value="reverseholdings.com" />);
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://reverseholdings.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toBe('reverseholdings.com (opens in a new tab)');
  });

  it('writes any other setting as text', () => {
    const { container } = render(<SettingLink name="company" value="Reverse Holdings Group" />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('Reverse Holdings Group');
  });
});
