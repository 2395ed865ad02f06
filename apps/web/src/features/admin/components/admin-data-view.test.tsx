import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../test-fixtures.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';

interface Row {
  id: string;
  name: string;
  note: string;
}

const COLUMNS: ReadonlyArray<AdminColumn<Row>> = [
  { header: 'Name', value: (row) => row.name, href: (row) => `/u/${row.id}` },
  { header: 'Note', value: (row) => row.note },
];

// 120 characters: a 40-character head that is the same in both cuts, then a distinct tail.
const LONG = 'abcdefghij'.repeat(4) + 'KLMNOPQRST'.repeat(1) + 'uvwxyz0123'.repeat(5) + '!@#$%^&*()'.repeat(2);
const SHORT_ROW: Row = { id: 'asha', name: 'Asha Verma', note: 'Exactly fine' };
const LONG_ROW: Row = { id: 'ravi', name: 'Ravi', note: LONG };

function renderView(rows: readonly Row[], actions?: (row: Row) => React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <AdminDataView
            label="People"
            rows={rows}
            columns={COLUMNS}
            rowKey={(row) => row.id}
            {...(actions ? { actions } : {})}
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('AdminDataView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a table with column headers on a wide screen, and no cards', () => {
    stubScreenWidth(true);
    renderView([SHORT_ROW, LONG_ROW]);
    const table = screen.getByRole('table', { name: 'People' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Note']);
    headers.forEach((header) => {
      expect(header).toHaveAttribute('scope', 'col');
    });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Asha Verma' })).toHaveAttribute('href', '/u/asha');
    // Scrolls sideways inside its own box, which keyboard users can focus.
    expect(screen.getByRole('region', { name: 'People' })).toHaveAttribute('tabindex', '0');
    expect(screen.queryByRole('list', { name: 'People' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Asha Verma')).toHaveLength(1);
  });

  it('cuts a table cell at exactly 100 characters and keeps the whole value in its title', () => {
    stubScreenWidth(true);
    renderView([SHORT_ROW, LONG_ROW]);
    const cut = `${LONG.slice(0, 100)}...`;
    const cell = screen.getByText(cut);
    expect(cell).toHaveAttribute('title', LONG);
    expect(screen.queryByText(LONG)).not.toBeInTheDocument();
    // A value that fits is left alone, with no title.
    expect(screen.getByText('Exactly fine')).not.toHaveAttribute('title');
  });

  it('leaves a value of exactly 100 characters whole', () => {
    stubScreenWidth(true);
    const hundred = LONG.slice(0, 100);
    renderView([{ ...LONG_ROW, note: hundred }]);
    expect(screen.getByText(hundred)).not.toHaveAttribute('title');
  });

  it('is one card per row on a narrow screen, and no table', () => {
    stubScreenWidth(false);
    renderView([SHORT_ROW, LONG_ROW]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first] = cards;
    expect(within(first!).getByText('Name')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Asha Verma' })).toHaveAttribute('href', '/u/asha');
    expect(within(first!).getByText('Exactly fine')).toBeInTheDocument();
    // Nothing was cut on the first card, so it has no details to show.
    expect(within(first!).queryByRole('button', { name: 'Show details' })).not.toBeInTheDocument();
  });

  it('cuts a card value at 50 characters and shows the whole value under "Show details"', async () => {
    const user = userEvent.setup();
    stubScreenWidth(false);
    renderView([SHORT_ROW, LONG_ROW]);
    const card = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem')[1]!;
    expect(within(card).getByText(`${LONG.slice(0, 50)}...`)).toBeVisible();
    expect(within(card).queryByText(LONG)).not.toBeInTheDocument();

    const toggle = within(card).getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(card).getByText(LONG)).toBeVisible();
    expect(within(card).queryByText(`${LONG.slice(0, 50)}...`)).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(card).getByRole('button', { name: 'Hide details' }));
    expect(within(card).getByText(`${LONG.slice(0, 50)}...`)).toBeVisible();
  });

  it('keeps the row actions in both views', () => {
    const actions = (row: Row) => <button type="button">{`Act on ${row.name}`}</button>;
    stubScreenWidth(true);
    const { unmount } = renderView([SHORT_ROW], actions);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Act on Asha Verma' })).toBeInTheDocument();
    unmount();

    stubScreenWidth(false);
    renderView([SHORT_ROW], actions);
    expect(screen.getByRole('button', { name: 'Act on Asha Verma' })).toBeInTheDocument();
  });

  it('says "No data found." when there are no rows', () => {
    stubScreenWidth(true);
    renderView([]);
    expect(screen.getByText('No data found.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
