import { describe, expect, it } from 'vitest';
import { leaveSignOutNotice, SIGNED_OUT, takeSignOutNotice } from '../../src/sdk/signOutNotice.ts';

describe('sign-out notice', () => {
  it('is left by the deck and taken once by the sign-in page', () => {
    sessionStorage.clear();
    expect(takeSignOutNotice()).toBeNull();
    leaveSignOutNotice();
    expect(takeSignOutNotice()).toBe(SIGNED_OUT);
    expect(takeSignOutNotice()).toBeNull();
  });
});
