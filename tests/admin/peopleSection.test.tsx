import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Person } from '../../src/admin/people/people.ts';
import { PeopleSection } from '../../src/admin/people/PeopleSection.tsx';
import { createClient } from '../../src/sdk/index.ts';
import { ALPHA, BETA, expectOnlyOwn } from '../support/partners.ts';

// The console's People table at its edges: no one at all, and two partners at two companies, each
// row naming its own partner only.

afterEach(cleanup);

const NOW = new Date('2026-11-24T12:00:00Z');
const client = createClient({ serverUrl: 'http://127.0.0.1:9', appId: 'app', storage: null, location: null, history: null, logger: { error: () => {} } });

function table(records: Person[]) {
  render(
    <PeopleSection client={client} people={{ records, error: null, reload: async () => {} }} selfId="admin-1" onInviteAgain={() => undefined} now={NOW} />,
  );
  return screen.getByRole('table');
}

const partnerRow = (partner: typeof ALPHA, id: string): Person => ({
  id,
  email: partner.email,
  role: 'user',
  prepared_for: partner.prepared_for,
  invited_at: '2026-11-20T10:00:00.000Z',
  joined_at: '2026-11-21T10:00:00.000Z',
  is_registered: true,
});

describe('the People table', () => {
  it('with no one: its headers and a count of 0, no row and no error', () => {
    const people = table([]);
    expect(within(people).getByText('People with a record (0)')).toBeTruthy();
    expect(
      within(people)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Person', 'Role', 'State', 'Invited', 'Last seen', 'Access until', 'Prepared for', 'Actions']);
    expect(within(people).queryAllByRole('rowheader')).toEqual([]);
  });

  it("with two partners at two companies: each row names its own partner and no other's", () => {
    const people = table([partnerRow(ALPHA, 'u-alpha'), partnerRow(BETA, 'u-beta')]);
    expect(within(people).getByText('People with a record (2)')).toBeTruthy();
    for (const partner of [ALPHA, BETA]) {
      const row = people.querySelector(`tr[data-person="${partner.email}"]`)!;
      expectOnlyOwn(row.textContent!, partner, 'the People row', [partner.prepared_for.name, partner.prepared_for.company]);
    }
  });
});
