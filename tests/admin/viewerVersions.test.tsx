// The version each viewer last saw, as the Engagement section's viewer table shows it:
// named as the Versions section names versions, a dash with words for screen readers when the
// newest record has no version, and no column at all on a deck that has never had versions.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SlideViewRecord } from '../../schemas/engagementPaths.ts';
import type { DeckVersionList } from '../../schemas/versionPaths.ts';
import { summarizeEngagement } from '../../src/admin/engagement/engagement.ts';
import { ViewerTable } from '../../src/admin/engagement/ViewerTable.tsx';
import { bookOfRecords } from '../../src/admin/engagement/viewTally.ts';
import { versionNames } from '../../src/admin/versions/versionNames.ts';
import { TALLY_SLIDES } from '../platform/viewRecords.ts';
import { localDay } from '../support/localDay.ts';

afterEach(cleanup);

const LIST: DeckVersionList = {
  current: '12',
  versions: [
    { id: '12', at: '2026-11-26T10:00:00.000Z', note: 'Q3 figures', figures: [], pages: [] },
    { id: '7', at: '2026-11-20T10:00:00.000Z', note: 'The figures we shared before the board meeting in November', figures: [], pages: [] },
    { id: '3', at: '2026-11-12T10:00:00.000Z', note: null, figures: [], pages: [] },
  ],
};

let n = 0;
function view(who: string, at: string, version?: string): SlideViewRecord {
  n += 1;
  return {
    id: `r${n}`,
    created_by: `${who}@lender.test`,
    created_by_id: `id-${who}`,
    created_date: at,
    visit_id: `visit-${who}`,
    visit_started_at: '2026-11-12T09:00:00.000Z',
    path: '/',
    ms: 1000,
    device: 'desktop',
    ...(version ? { version_id: version } : {}),
  };
}

const RECORDS = [
  view('ada', '2026-11-26T11:00:00.000Z', '12'),
  view('bob', '2026-11-21T11:00:00.000Z', '7'),
  view('cy', '2026-11-13T11:00:00.000Z', '3'),
  view('cy', '2026-11-14T11:00:00.000Z'),
  view('dee', '2026-11-15T11:00:00.000Z', '99'),
];

function table(records: SlideViewRecord[], list: DeckVersionList | null) {
  render(
    <ViewerTable
      engagement={summarizeEngagement(bookOfRecords(records), TALLY_SLIDES)}
      chosenId={undefined}
      onChoose={() => undefined}
      now={new Date('2026-11-27T00:00:00.000Z')}
      versionNames={versionNames(list)}
    />,
  );
  return screen.getByRole('table');
}

const cellOf = (who: string) => document.querySelector(`tr[data-viewer="${who}@lender.test"] td[data-version]`)!;

describe("the viewer table's Last version seen", () => {
  it('names each viewer’s last version as the console does: number, then a short note or the day, and whether it is served now', () => {
    const viewers = table(RECORDS, LIST);
    expect(within(viewers).getByRole('columnheader', { name: 'Last version seen' })).toBeTruthy();
    expect(cellOf('ada').textContent).toBe('Version 3, Q3 figures · served now');
    // A note too long for a cell gives way to the day; the whole name is the title.
    expect(cellOf('bob').textContent, "the day of the version, in the admin's own zone").toBe(`Version 2, ${localDay('2026-11-20T10:00:00.000Z')}`);
    expect(cellOf('bob').querySelector('[title]')!.getAttribute('title')).toContain('before the board meeting');
  });

  it('shows a dash, and says "no version recorded" to screen readers, where the newest record has no version', () => {
    table(RECORDS, LIST);
    const cell = cellOf('cy');
    expect(cell.getAttribute('data-version')).toBe('');
    expect(cell.querySelector('[aria-hidden="true"]')!.textContent).toBe('—');
    expect(cell.querySelector('.visually-hidden')!.textContent).toBe('no version recorded');
  });

  it('says so, rather than naming a wrong version, for one the list does not hold (loading, or failed)', () => {
    table(RECORDS, LIST);
    expect(cellOf('dee').textContent).toBe('…a version not in the list');
    cleanup();
    // While the list loads, a viewer whose record names a version still has the column.
    const loading = table(RECORDS.slice(0, 1), null);
    expect(within(loading).getByRole('columnheader', { name: 'Last version seen' })).toBeTruthy();
    expect(cellOf('ada').textContent).toBe('…a version not in the list');
  });

  it('has no column where the deck has no versions and no record names one', () => {
    const viewers = table(
      RECORDS.filter((record) => !record.version_id),
      { current: null, versions: [] },
    );
    expect(within(viewers).queryByRole('columnheader', { name: 'Last version seen' })).toBeNull();
    expect(document.querySelectorAll('td[data-version]')).toHaveLength(0);
  });
});
