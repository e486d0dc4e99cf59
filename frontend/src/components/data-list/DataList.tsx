// Every list's body, built once: a table that fits a laptop (key columns always, secondary
// ones through the column chooser, row actions in a compact menu rather than a frozen column)
// and, on a narrow screen or in a narrow box, one card per row with the key facts.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from 'primereact/checkbox';
import { Column, type ColumnProps } from 'primereact/column';
import { DataTable, type DataTablePageEvent, type DataTableProps, type DataTableValueArray } from 'primereact/datatable';
import { Paginator } from 'primereact/paginator';
import { classNames } from 'primereact/utils';
import { ColumnChooser } from './ColumnChooser';
import { RowActionsMenu, type RowAction } from './RowActionsMenu';
import { useColumnVisibility, type ColumnChoice } from './use-column-visibility';
import { useCardMode } from './use-narrow';
import './data-list.css';

/**
 * Where a column shows on a card: the title line (the number), the line under it (customer,
 * style), the status line (tags), a labelled fact (quantity, due date), or not at all.
 */
export type CardSlot = 'title' | 'subtitle' | 'status' | 'fact' | 'none';

export interface DataListColumn<T> {
  key: string;
  header: ReactNode;
  /** The header as text, for the column chooser and card labels (when header is not a string). */
  label?: string;
  body: (row: T) => ReactNode;
  /** The sort field; with `sortable`. */
  field?: string;
  sortable?: boolean;
  className?: string;
  /** A secondary column: the column chooser shows or hides it. Key columns are always shown. */
  optional?: boolean;
  defaultHidden?: boolean;
  /** Default: 'fact' for key columns, 'none' for optional ones. */
  card?: CardSlot;
  /** Anything else PrimeReact's Column takes (filters, frozen…). */
  columnProps?: Partial<ColumnProps>;
}

type RowClass = (row: never) => Record<string, boolean> | string | undefined;

export interface DataListProps<T> {
  /** Remembers the column choice (localStorage) under this key. */
  listKey: string;
  rows: T[];
  columns: DataListColumn<T>[];
  /** The row id field; null for rows without one (told apart by position). */
  dataKey?: string | null;
  /** What a row is called in accessible names ("Actions for SO-0012"). */
  rowLabel: (row: T) => string;
  rowActions?: (row: T) => RowAction[];
  /** Paging, sorting, loading, filters, footer… passed to the DataTable (and the cards' paginator). */
  tableProps?: Partial<DataTableProps<DataTableValueArray>> & { rowClassName?: RowClass };
  emptyMessage: string;
  selection?: T[];
  onSelectionChange?: (rows: T[]) => void;
  /** Below this width of the list's box (px) the rows become cards. */
  minTableWidth?: number;
  /** Under the cards (the table shows it as its footer). */
  footer?: ReactNode;
  className?: string;
  testId?: string;
}

const slotOf = <T,>(column: DataListColumn<T>): CardSlot => column.card ?? (column.optional ? 'none' : 'fact');
const labelOf = <T,>(column: DataListColumn<T>): string => column.label ?? (typeof column.header === 'string' ? column.header : column.key);

export function DataList<T extends object>(props: DataListProps<T>) {
  const { listKey, rows, columns, dataKey = 'id', rowLabel, rowActions, tableProps = {}, emptyMessage, selection, onSelectionChange, minTableWidth = 880, footer, className, testId } = props;
  const { t } = useTranslation('common');
  const box = useRef<HTMLDivElement>(null);
  const { cards, width } = useCardMode(box, minTableWidth);
  const choices: ColumnChoice[] = columns.filter((column) => column.optional).map((column) => ({ key: column.key, label: labelOf(column), defaultHidden: column.defaultHidden }));
  const chosen = useColumnVisibility(listKey, choices);

  // Fit: while the table is wider than its box, the last optional column the user has not
  // ticked on himself steps aside (English headers, long names, many processes). Measured
  // again whenever the box changes width or the choice changes.
  const [autoHidden, setAutoHidden] = useState<string[]>([]);
  const choiceKey = choices.map((choice) => `${choice.key}:${chosen.isVisible(choice.key) ? 1 : 0}${chosen.isChosen(choice.key) ? 1 : 0}`).join(',');
  useEffect(() => setAutoHidden([]), [width, choiceKey]);
  // No dependency list on purpose: measured after every render (rows, fonts, language change the widths).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- it stops once the table fits or no candidate is left
  useLayoutEffect(() => {
    if (cards) return;
    const wrapper = box.current?.querySelector<HTMLElement>('.p-datatable-wrapper');
    if (!wrapper || wrapper.scrollWidth <= wrapper.clientWidth + 1) return;
    const candidate = [...columns].reverse().find((column) => column.optional && chosen.isVisible(column.key) && !chosen.isChosen(column.key) && !autoHidden.includes(column.key));
    if (candidate) setAutoHidden((current) => [...current, candidate.key]);
  });
  const visibility = { ...chosen, isVisible: (key: string) => chosen.isVisible(key) && !autoHidden.includes(key) };
  const shown = columns.filter((column) => visibility.isVisible(column.key));
  const selectable = Boolean(onSelectionChange);
  // One props object: DataTable's types split single/multiple selection into overloads.
  const tableAll = {
    value: rows,
    dataKey: dataKey ?? undefined,
    emptyMessage,
    size: 'small',
    stripedRows: true,
    scrollable: true,
    ...tableProps,
    ...(selectable ? { selectionMode: 'checkbox', selection: selection ?? [], onSelectionChange: (event: { value: unknown }) => onSelectionChange?.(event.value as T[]) } : {}),
    footer: tableProps.footer ?? footer,
  } as unknown as DataTableProps<DataTableValueArray>;

  return (
    <div ref={box} className={classNames('list-card data-list', className, { 'is-cards': cards })} data-testid={testId} data-view={cards ? 'cards' : 'table'}>
      {cards ? (
        <DataCards {...props} columns={shown} selectable={selectable} />
      ) : (
        <DataTable {...tableAll}>
          {selectable && <Column key="select" selectionMode="multiple" headerClassName="cell-select" className="cell-select" />}
          {shown.map((column) => (
            <Column
              key={column.key}
              field={column.field ?? column.key}
              header={column.header}
              sortable={column.sortable}
              body={(row: T) => column.body(row)}
              className={classNames(column.className, `dl-col-${column.key}`)}
              headerClassName={classNames(column.className, `dl-col-${column.key}`)}
              {...column.columnProps}
            />
          ))}
          {(rowActions || choices.length > 0) && (
            <Column
              key="actions"
              header={
                <span className="data-list-actions-header">
                  <span className="visually-hidden">{t('dataList.actions')}</span>
                  <ColumnChooser columns={choices} visibility={visibility} />
                </span>
              }
              className="cell-row-actions"
              headerClassName="cell-row-actions"
              body={(row: T) => (rowActions ? <RowActionsMenu rowLabel={rowLabel(row)} actions={rowActions(row)} /> : null)}
            />
          )}
        </DataTable>
      )}
    </div>
  );
}

function DataCards<T extends object>({ rows, columns, dataKey = 'id', rowLabel, rowActions, tableProps = {}, emptyMessage, selection, onSelectionChange, footer, selectable }: DataListProps<T> & { selectable: boolean }) {
  const [localFirst, setLocalFirst] = useState(0);
  const lazy = Boolean(tableProps.lazy);
  const paged = Boolean(tableProps.paginator);
  const pageSize = tableProps.rows ?? 20;
  const first = lazy ? (tableProps.first ?? 0) : localFirst;
  const visible = paged && !lazy ? rows.slice(first, first + pageSize) : rows;
  const bySlot = (slot: CardSlot) => columns.filter((column) => slotOf(column) === slot);
  const [titles, subtitles, statuses, facts] = [bySlot('title'), bySlot('subtitle'), bySlot('status'), bySlot('fact')];
  // Rows without an id (order-line cells) are told apart by position.
  const keyOf = (row: T) => String((dataKey ? (row as Record<string, unknown>)[dataKey] : undefined) ?? `${rowLabel(row)}#${rows.indexOf(row)}`);
  const isSelected = (row: T) => (selection ?? []).some((item) => keyOf(item) === keyOf(row));
  const rowClass = (row: T) => (tableProps.rowClassName ? (tableProps.rowClassName as (row: T) => Record<string, boolean> | string | undefined)(row) : undefined);

  return (
    <div className="data-cards-wrap" aria-busy={tableProps.loading ? true : undefined}>
      {visible.length === 0 ? (
        <p className="data-cards-empty muted">{tableProps.loading ? '…' : emptyMessage}</p>
      ) : (
        <ul className="data-cards">
          {visible.map((row) => (
            <li key={keyOf(row)} className={classNames('data-card', rowClass(row))} data-testid={`card-${keyOf(row)}`}>
              <div className="data-card-head">
                {selectable && (
                  <Checkbox
                    checked={isSelected(row)}
                    aria-label={rowLabel(row)}
                    onChange={(event) => onSelectionChange?.(event.checked ? [...(selection ?? []), row] : (selection ?? []).filter((item) => keyOf(item) !== keyOf(row)))}
                  />
                )}
                <div className="data-card-title">
                  {titles.map((column) => (
                    <span key={column.key} data-field={column.key}>
                      {column.body(row)}
                    </span>
                  ))}
                </div>
                {rowActions && <RowActionsMenu rowLabel={rowLabel(row)} actions={rowActions(row)} />}
              </div>
              {subtitles.length > 0 && (
                <div className="data-card-subtitle">
                  {subtitles.map((column) => (
                    <span key={column.key} data-field={column.key}>
                      {column.body(row)}
                    </span>
                  ))}
                </div>
              )}
              {statuses.length > 0 && (
                <div className="data-card-status">
                  {statuses.map((column) => (
                    <span key={column.key} data-field={column.key} title={labelOf(column)}>
                      {column.body(row)}
                    </span>
                  ))}
                </div>
              )}
              {facts.length > 0 && (
                <dl className="data-card-facts">
                  {facts.map((column) => (
                    <div key={column.key} className="data-card-fact" data-field={column.key}>
                      <dt>{labelOf(column)}</dt>
                      <dd>{column.body(row)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
      {footer && <div className="data-cards-footer">{footer}</div>}
      {paged && (
        <Paginator
          first={first}
          rows={pageSize}
          totalRecords={lazy ? (tableProps.totalRecords ?? 0) : rows.length}
          template="PrevPageLink CurrentPageReport NextPageLink RowsPerPageDropdown"
          rowsPerPageOptions={tableProps.rowsPerPageOptions}
          currentPageReportTemplate="{first}–{last} / {totalRecords}"
          onPageChange={(event) => {
            if (lazy) (tableProps.onPage as ((page: DataTablePageEvent) => void) | undefined)?.({ first: event.first, rows: event.rows, page: event.page, pageCount: event.pageCount } as DataTablePageEvent);
            else setLocalFirst(event.first);
          }}
        />
      )}
    </div>
  );
}
