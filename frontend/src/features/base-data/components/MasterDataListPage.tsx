// The one list of every base-data entity: server paging, sorting, keyword and per-column
// filters (remembered for the session), Excel export of the current filter, edit and delete,
// and a refetch of the current page when someone changes the entity (live, debounced).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import type { DataTableFilterMeta, DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { isRouteAllowed } from '@contracts/routes';
import { referenceLabelKey, thumbnailUrl, type FieldDefinition, type MasterDataDefinition, type MasterRecord } from '@contracts/master-data';
import { DataList, type DataListColumn } from '../../../components/data-list';
import { basePath, type RouteScreenProps } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { deleteMasterData } from '../api/delete-master-data';
import { exportMasterData } from '../api/export-master-data';
import { getMasterDataList } from '../api/get-master-data-list';
import { listExtensionOf } from '../extensions/registry';
import { useMasterDataChanges } from '../hooks/use-master-data-changes';
import { definitionOf, localized } from '../model/definitions';
import { columnClassOf, formatNumber, hasKeywordSearch, isSortable, listColumns } from '../model/fields';
import { loadListState, PAGE_SIZES, saveListState, type ListState } from '../model/list-state';
import { ColumnFilter, FILTER_DEBOUNCE_MS } from './ColumnFilter';

export function MasterDataListPage({ route }: RouteScreenProps) {
  const definition = definitionOf(route.entity);
  return definition ? <MasterDataList definition={definition} /> : null;
}

/** What the delete confirmation calls a record. */
export function recordTitle(row: MasterRecord): string {
  for (const key of ['name', 'shortName', 'nickname', 'username', 'code']) {
    if (typeof row[key] === 'string' && row[key]) return row[key] as string;
  }
  return `#${row.id}`;
}

const HEX = /^#[0-9a-f]{6}$/i;
/** Columns always shown (not counting a picture). */
const KEY_COLUMNS = 4;
/** Columns shown until the user chooses otherwise. */
const VISIBLE_COLUMNS = 7;

export function MasterDataList({ definition }: { definition: MasterDataDefinition }) {
  const { t, i18n } = useTranslation('baseData');
  const [, navigate] = useLocation();
  const entity = definition.name;
  const permissions = useSession((session) => session.permissions);
  const canCreate = !definition.readOnly && isRouteAllowed(`${definition.routeName}Create`, permissions);
  const canUpdate = !definition.readOnly && isRouteAllowed(`${definition.routeName}Update`, permissions);
  const canDelete = !definition.readOnly && isRouteAllowed(`${definition.routeName}Index`, permissions);

  const [state, setState] = useState<ListState>(() => loadListState(entity, definition));
  const [keywordDraft, setKeywordDraft] = useState(state.keyword);
  const [page, setPage] = useState<{ rows: MasterRecord[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [reloadTick, setReloadTick] = useState(0);
  const request = useRef<AbortController | null>(null);
  // Row actions an entity adds (a user's badge), and the one of its dialogs that is open.
  const listExtension = listExtensionOf(entity);
  const [extensionDialog, setExtensionDialog] = useState<{ row: MasterRecord; action: string } | null>(null);

  useEffect(() => saveListState(entity, state), [entity, state]);

  useEffect(() => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    getMasterDataList(entity, state, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        // A page emptied by deletions: step back to the last page that has rows.
        if (result.list.length === 0 && result.total > 0 && state.page > 1) {
          setState((current) => ({ ...current, page: Math.max(1, Math.ceil(result.total / current.pageSize)) }));
          return;
        }
        setPage({ rows: result.list, total: result.total });
        setFailed(false);
        setLoading(false);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setLoading(false);
      });
    return () => controller.abort();
  }, [entity, state, reloadTick]);

  const reload = useCallback(() => setReloadTick((tick) => tick + 1), []);
  useMasterDataChanges(entity, reload);

  // The keyword waits like the column filters do.
  useEffect(() => {
    if (keywordDraft === state.keyword) return;
    const timer = setTimeout(() => setState((current) => ({ ...current, keyword: keywordDraft, page: 1 })), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new draft starts the wait
  }, [keywordDraft]);

  const setFilter = (field: string, value: string) =>
    setState((current) => {
      const filters = { ...current.filters };
      if (value) filters[field] = value;
      else delete filters[field];
      return { ...current, filters, page: 1 };
    });

  const onPage = (event: DataTablePageEvent) => setState((current) => ({ ...current, page: (event.page ?? 0) + 1, pageSize: event.rows }));
  const onSort = (event: DataTableSortEvent) =>
    setState((current) =>
      event.sortField
        ? { ...current, sortField: event.sortField, sortOrder: event.sortOrder === -1 ? 'desc' : 'asc', page: 1 }
        : { ...current, sortField: definition.defaultSort.field, sortOrder: definition.defaultSort.order, page: 1 },
    );

  const exportCurrent = async () => {
    setExporting(true);
    try {
      const fileName = await exportMasterData(entity, state);
      notifySuccess(t('list.exported', { file: fileName }));
    } catch {
      // The HTTP client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const confirmDelete = (row: MasterRecord) =>
    confirmDialog({
      header: t('list.confirmDeleteTitle'),
      message: t('list.confirmDelete', { name: recordTitle(row) }),
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('list.delete'),
      rejectLabel: i18n.t('common:actions.cancel'),
      accept: async () => {
        try {
          await deleteMasterData(entity, row.id);
          notifySuccess(t('list.deleted'));
          reload();
        } catch {
          // Refused (in use, gone): the HTTP client shows the server's message.
        }
      },
    });

  const hasFilters = Object.keys(state.filters).length > 0 || state.keyword !== '';
  const tableFilters: DataTableFilterMeta = Object.fromEntries(
    listColumns(definition)
      .filter(([, field]) => field.filter)
      .map(([name]) => [name, { value: state.filters[name] ?? null, matchMode: 'contains' }]),
  );

  const cell = (name: string, field: FieldDefinition) => (row: MasterRecord): ReactNode => {
    const value = row[name];
    switch (field.kind) {
      case 'reference':
        return (row[referenceLabelKey(name)] as string | null) ?? '';
      case 'boolean':
        return value ? <i className="pi pi-check-circle cell-yes" aria-label={t('list.yes')} /> : <span className="cell-no">—</span>;
      case 'image':
        return typeof value === 'string' && value ? (
          <img className="cell-thumbnail" src={thumbnailUrl(value)} alt={localized(field.label, i18n.language)} loading="lazy" />
        ) : (
          <span className="cell-no">—</span>
        );
      case 'integer':
      case 'money':
        return formatNumber(field, value, i18n.language);
      default:
        if (typeof value === 'string' && HEX.test(value)) {
          return (
            <span className="cell-swatch">
              <span className="swatch" style={{ background: value }} aria-hidden="true" />
              {value}
            </span>
          );
        }
        return value === null || value === undefined ? '' : String(value);
    }
  };

  const title = localized(definition.label, i18n.language);

  // The first columns are the record's key facts; beyond them, columns can be hidden (the
  // column chooser), and on a wide entity the last ones start hidden so the list fits.
  const entries = listColumns(definition);
  const textEntries = entries.filter(([, field]) => field.kind !== 'image');
  const columns: DataListColumn<MasterRecord>[] = entries.map(([name, field]) => {
    const label = localized(field.label, i18n.language);
    const position = textEntries.findIndex(([other]) => other === name);
    const optional = position < 0 || position >= KEY_COLUMNS;
    return {
      key: name,
      header: label,
      body: cell(name, field),
      sortable: isSortable(field),
      className: columnClassOf(name, field),
      optional,
      defaultHidden: optional && position >= VISIBLE_COLUMNS,
      card: position === 0 ? 'title' : position === 1 ? 'subtitle' : optional ? 'none' : 'fact',
      columnProps: {
        filter: field.filter === true,
        showFilterMenu: false,
        showClearButton: false,
        filterElement: field.filter ? <ColumnFilter name={name} label={label} field={field} value={state.filters[name] ?? ''} onChange={(value) => setFilter(name, value)} /> : undefined,
      },
    };
  });

  return (
    <div className="page master-data-page" data-entity={entity}>
      <header className="page-header page-header-row">
        <div>
          <h1>{title}</h1>
          <p className="muted" data-testid="list-total">
            {t('list.subtitle', { count: page.total })}
          </p>
        </div>
        <div className="page-actions">
          {hasKeywordSearch(definition) && (
            <IconField iconPosition="left" className="list-search">
              <InputIcon className="pi pi-search" />
              <InputText
                type="search"
                value={keywordDraft}
                onChange={(event) => setKeywordDraft(event.target.value)}
                onKeyDown={(event) => event.key === 'Enter' && setState((current) => ({ ...current, keyword: keywordDraft, page: 1 }))}
                placeholder={t('list.searchPlaceholder')}
                aria-label={t('list.search')}
              />
            </IconField>
          )}
          {hasFilters && (
            <Button
              type="button"
              label={t('list.clearFilters')}
              icon="pi pi-filter-slash"
              text
              severity="secondary"
              onClick={() => {
                setKeywordDraft('');
                setState((current) => ({ ...current, keyword: '', filters: {}, page: 1 }));
              }}
            />
          )}
          <Button type="button" label={t('list.export')} icon="pi pi-file-excel" outlined loading={exporting} onClick={() => void exportCurrent()} />
          {canCreate && <Button type="button" label={t('list.create')} icon="pi pi-plus" onClick={() => navigate(basePath(entity, 'create'))} />}
        </div>
      </header>

      {definition.readOnly && <Message severity="info" text={t('list.readOnly')} className="list-note" />}
      {failed && <Message severity="error" text={t('list.loadFailed')} className="list-note" />}

      <DataList
        listKey={`baseData.${entity}`}
        rows={page.rows}
        columns={columns}
        rowLabel={recordTitle}
        rowActions={
          canUpdate || canDelete || listExtension
            ? (row) => [
                ...(canUpdate ? [{ key: 'edit', label: t('list.edit'), icon: 'pi pi-pencil', inline: true, onSelect: () => navigate(basePath(entity, 'update', row.id)), testId: `edit-${row.id}` }] : []),
                ...(listExtension?.rowActions(row, { t, canUpdate, open: (action) => setExtensionDialog({ row, action }) }) ?? []),
                ...(canDelete ? [{ key: 'delete', label: t('list.delete'), icon: 'pi pi-trash', danger: true, onSelect: () => confirmDelete(row) }] : []),
              ]
            : undefined
        }
        tableProps={{
          lazy: true,
          loading,
          paginator: true,
          first: (state.page - 1) * state.pageSize,
          rows: state.pageSize,
          totalRecords: page.total,
          rowsPerPageOptions: [...PAGE_SIZES],
          onPage,
          sortField: state.sortField,
          sortOrder: state.sortOrder === 'desc' ? -1 : 1,
          onSort,
          filters: tableFilters,
          filterDisplay: 'row',
          paginatorTemplate: 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport',
          currentPageReportTemplate: '{first}–{last} / {totalRecords}',
        }}
        emptyMessage={t('list.empty')}
        minTableWidth={640}
        testId="master-data-table"
      />
      {listExtension && extensionDialog && (
        <listExtension.Dialog key={`${extensionDialog.row.id}-${extensionDialog.action}`} row={extensionDialog.row} action={extensionDialog.action} onHide={() => setExtensionDialog(null)} />
      )}
    </div>
  );
}
