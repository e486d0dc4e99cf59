import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ColumnChooser } from './ColumnChooser';
import { DataList, type DataListColumn } from './DataList';
import { RowActionsMenu } from './RowActionsMenu';
import { columnStorageKey, useColumnVisibility, type ColumnChoice } from './use-column-visibility';
import { CARD_MEDIA_QUERY } from './use-narrow';
import i18next from 'i18next';

interface Row {
  id: number;
  orderNo: string;
  customer: string;
  quantity: number;
  note: string;
}

const rows: Row[] = [
  { id: 1, orderNo: 'PO-1', customer: 'Hailan', quantity: 520, note: 'rush' },
  { id: 2, orderNo: 'PO-2', customer: 'Nordwear', quantity: 80, note: '' },
];

const columns: DataListColumn<Row>[] = [
  { key: 'orderNo', header: 'Number', card: 'title', body: (row) => row.orderNo },
  { key: 'customer', header: 'Customer', card: 'subtitle', body: (row) => row.customer },
  { key: 'quantity', header: 'Quantity', body: (row) => String(row.quantity) },
  { key: 'status', header: 'Status', card: 'status', body: (row) => (row.quantity > 100 ? 'big' : 'small') },
  { key: 'note', header: 'Note', optional: true, body: (row) => row.note },
  { key: 'extra', header: 'Extra', optional: true, defaultHidden: true, body: () => 'x' },
];

/** matchMedia answering `matches` for the card query; listeners kept so a test can flip it. */
function mockMedia(matches: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === CARD_MEDIA_QUERY ? state.matches : false;
    },
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      state.matches = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

beforeEach(async () => {
  window.localStorage.clear();
  mockMedia(false);
  await i18next.changeLanguage('en');
});

afterAll(async () => {
  await i18next.changeLanguage('zh-CN');
});

describe('RowActionsMenu', () => {
  it('opens with Enter, moves with arrows, runs with Enter', async () => {
    const edit = jest.fn();
    const remove = jest.fn();
    render(
      <RowActionsMenu
        rowLabel="PO-1"
        actions={[
          { key: 'edit', label: 'Edit', icon: 'pi pi-pencil', inline: true, onSelect: edit },
          { key: 'delete', label: 'Delete', icon: 'pi pi-trash', danger: true, onSelect: remove },
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Edit PO-1' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Actions for PO-1' });
    expect(toggle).toHaveAttribute('aria-haspopup', 'menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    // A keyboard Enter on a button is a click. (jsdom: PrimeReact leaves its overlays
    // display:none, which it cannot measure, so the queries include hidden elements.)
    fireEvent.click(toggle, { detail: 0 });
    const menu = await screen.findByRole('menu', { hidden: true });
    await waitFor(() => expect(menu).toHaveFocus());
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(menu.getAttribute('aria-activedescendant')).toMatch(/-edit$/));
    fireEvent.keyDown(menu, { key: 'ArrowDown', code: 'ArrowDown' });
    await waitFor(() => expect(menu.getAttribute('aria-activedescendant')).toMatch(/-delete$/));
    fireEvent.keyDown(menu, { key: 'Enter', code: 'Enter' });
    expect(remove).toHaveBeenCalledTimes(1);
    expect(edit).not.toHaveBeenCalled();
    expect(toggle).toHaveFocus();
  });

  it('closes with Esc and gives the focus back to its button', async () => {
    render(<RowActionsMenu rowLabel="PO-2" actions={[{ key: 'print', label: 'Print', icon: 'pi pi-print', onSelect: () => undefined }, { key: 'delete', label: 'Delete', icon: 'pi pi-trash', onSelect: () => undefined }]} />);
    const toggle = screen.getByRole('button', { name: 'Actions for PO-2' });
    fireEvent.click(toggle);
    const menu = await screen.findByRole('menu', { hidden: true });
    await waitFor(() => expect(menu).toHaveFocus());
    fireEvent.keyDown(menu, { key: 'Escape', code: 'Escape' });
    expect(toggle).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('needs no menu for a single inline action, and nothing for none', () => {
    const { container, rerender } = render(<RowActionsMenu rowLabel="PO-3" actions={[{ key: 'review', label: 'Review', icon: 'pi pi-verified', inline: true, onSelect: () => undefined }]} />);
    expect(screen.getByRole('button', { name: 'Review PO-3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for PO-3' })).not.toBeInTheDocument();
    rerender(<RowActionsMenu rowLabel="PO-3" actions={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

function Chooser({ listKey, choices }: { listKey: string; choices: ColumnChoice[] }) {
  const visibility = useColumnVisibility(listKey, choices);
  return (
    <>
      <ColumnChooser columns={choices} visibility={visibility} />
      <output data-testid="shown">{choices.filter((choice) => visibility.isVisible(choice.key)).map((choice) => choice.key).join(',')}</output>
    </>
  );
}

describe('column chooser', () => {
  const choices: ColumnChoice[] = [
    { key: 'note', label: 'Note' },
    { key: 'extra', label: 'Extra', defaultHidden: true },
  ];

  it('starts from the defaults, remembers a change per list and resets', async () => {
    const { unmount } = render(<Chooser listKey="test.a" choices={choices} />);
    expect(screen.getByTestId('shown')).toHaveTextContent(/^note$/);
    fireEvent.click(screen.getByRole('button', { name: 'Choose the columns to show' }));
    const note = await screen.findByRole('checkbox', { name: 'Note', hidden: true });
    await waitFor(() => expect(note).toHaveFocus());
    fireEvent.click(note);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Extra', hidden: true }));
    expect(screen.getByTestId('shown')).toHaveTextContent(/^extra$/);
    expect(JSON.parse(window.localStorage.getItem(columnStorageKey('test.a')) ?? '{}')).toEqual({ note: false, extra: true });
    unmount();

    // Remembered after a reload; another list keeps its own defaults.
    render(<Chooser listKey="test.a" choices={choices} />);
    expect(screen.getAllByTestId('shown')[0]).toHaveTextContent(/^extra$/);
    render(<Chooser listKey="test.b" choices={choices} />);
    expect(screen.getAllByTestId('shown')[1]).toHaveTextContent(/^note$/);

    fireEvent.click(screen.getAllByRole('button', { name: 'Choose the columns to show' })[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Default columns', hidden: true }));
    expect(screen.getAllByTestId('shown')[0]).toHaveTextContent(/^note$/);
    expect(window.localStorage.getItem(columnStorageKey('test.a'))).toBeNull();
  });

  it('ignores a damaged stored choice', () => {
    window.localStorage.setItem(columnStorageKey('test.c'), '{"note": "yes", "extra": true');
    render(<Chooser listKey="test.c" choices={choices} />);
    expect(screen.getByTestId('shown')).toHaveTextContent(/^note$/);
  });
});

describe('DataList', () => {
  it('shows a table with the key and default columns, and the row menu', () => {
    render(<DataList listKey="test.table" rows={rows} columns={columns} rowLabel={(row) => row.orderNo} rowActions={() => [{ key: 'edit', label: 'Edit', icon: 'pi pi-pencil', onSelect: () => undefined }, { key: 'print', label: 'Print', icon: 'pi pi-print', onSelect: () => undefined }]} emptyMessage="None" />);
    const table = screen.getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent?.trim());
    expect(headers).toEqual(['Number', 'Customer', 'Quantity', 'Status', 'Note', 'Actions']);
    expect(screen.getByRole('button', { name: 'Actions for PO-2' })).toBeInTheDocument();
    expect(document.querySelector('.data-list')).toHaveAttribute('data-view', 'table');
  });

  it('turns into cards with the key facts below 992 px, and back', () => {
    const media = mockMedia(true);
    render(<DataList listKey="test.cards" rows={rows} columns={columns} rowLabel={(row) => row.orderNo} rowActions={() => [{ key: 'edit', label: 'Edit', icon: 'pi pi-pencil', onSelect: () => undefined }, { key: 'print', label: 'Print', icon: 'pi pi-print', onSelect: () => undefined }]} emptyMessage="None" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0];
    expect(first.querySelector('.data-card-title')).toHaveTextContent('PO-1');
    expect(first.querySelector('.data-card-subtitle')).toHaveTextContent('Hailan');
    expect(first.querySelector('.data-card-status')).toHaveTextContent('big');
    expect(within(first).getByText('Quantity').nextSibling).toHaveTextContent('520');
    // Optional columns stay off the card.
    expect(within(first).queryByText('rush')).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Actions for PO-1' })).toBeInTheDocument();
    media.set(false);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('selects cards with a checkbox named after the row', () => {
    mockMedia(true);
    const onSelectionChange = jest.fn();
    render(<DataList listKey="test.select" rows={rows} columns={columns} rowLabel={(row) => row.orderNo} emptyMessage="None" selection={[]} onSelectionChange={onSelectionChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'PO-2' }));
    expect(onSelectionChange).toHaveBeenCalledWith([rows[1]]);
  });

  it('pages cards through the list paginator', () => {
    mockMedia(true);
    const onPage = jest.fn();
    render(
      <DataList
        listKey="test.paged"
        rows={rows}
        columns={columns}
        rowLabel={(row) => row.orderNo}
        emptyMessage="None"
        tableProps={{ lazy: true, paginator: true, first: 0, rows: 2, totalRecords: 6, onPage }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /next page|下一页/i }));
    expect(onPage).toHaveBeenCalledWith(expect.objectContaining({ first: 2, rows: 2, page: 1 }));
  });
});
