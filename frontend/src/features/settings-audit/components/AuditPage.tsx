// /setting/audit — the audit trail: who did what to which record, when, from where, and how it
// ended (sign-ins, permission and password changes, settings, clears and restores, deletes,
// reviews, hides). Filtered by user, action, days and result; paged; exported to Excel with the
// same filters. Keyboard: every filter is a labelled field, the table's pager is buttons.
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_RESULTS,
  AUDIT_RESULT_LABELS,
  auditTargetText,
  type AuditAction,
  type AuditEntry,
  type AuditResult,
} from '@contracts/audit';
import { DataList, type DataListColumn } from '../../../components/data-list';
import type { RouteScreenProps } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { filterTakesFocus } from '../../../lib/filter-focus';
import { asLanguage, type Language } from '../../../lib/i18n';
import { useAsyncData } from '../../../lib/use-async';
import { ANY, ChoiceFilter, DateRangeFilter, FilterBar } from '../../orders/components/filters';
import { ListToolbar } from '../../orders/components/ListToolbar';
import { useOrderList } from '../../orders/hooks/use-order-list';
import { exportAudit, getAuditPage, getAuditUsers } from '../api/audit';
import { AUDIT_FILTER_FIELDS, AUDIT_PAGE_SIZES } from '../model/audit-query';
import '../../orders/orders.css';
import '../settings-audit.css';

export function actionLabel(action: string, language: Language): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction][language] : action;
}

/**
 * Why an audited action failed, as the server recorded it in `detail.error`: the error's code
 * (e.g. inUse) or message. A tooltip alone reached neither a phone nor a keyboard.
 */
function failureOf(entry: Pick<AuditEntry, 'result' | 'detail'>): string | null {
  const error = entry.detail?.error;
  return entry.result === 'failure' && typeof error === 'string' && error.trim() !== '' ? error : null;
}

const RESULT_SEVERITY: Record<AuditResult, 'success' | 'danger' | 'warning'> = { success: 'success', failure: 'danger', refused: 'warning' };

export interface AuditPageProps extends Partial<RouteScreenProps> {
  /** Tests: fake fetchers. */
  fetchPage?: typeof getAuditPage;
  fetchUsers?: typeof getAuditUsers;
}

export function AuditPage({ fetchPage = getAuditPage, fetchUsers = getAuditUsers }: AuditPageProps) {
  const { t, i18n } = useTranslation('settingsAudit');
  const language = asLanguage(i18n.language);
  // Paging, filters and their memory for the session are the shared list's; the server keeps
  // the trail newest first, so there is nothing to sort by.
  const list = useOrderList<AuditEntry>({
    key: 'setting.audit',
    sortFields: [],
    filterFields: AUDIT_FILTER_FIELDS,
    defaultSort: { field: 'at', order: 'desc' },
    pageSizes: AUDIT_PAGE_SIZES,
    fetch: fetchPage,
  });
  // On failure the filter offers only "all"; the HTTP client has said why.
  const users = useAsyncData(fetchUsers, [fetchUsers]).data ?? [];
  const filterProps = { filters: list.state.filters, setFilter: list.setFilter };

  const userText = (entry: AuditEntry) => {
    if (!entry.actorUsername) return t('anonymous');
    return entry.actorName && entry.actorName !== entry.actorUsername ? `${entry.actorName} (${entry.actorUsername})` : entry.actorUsername;
  };

  const columns: DataListColumn<AuditEntry>[] = [
    { key: 'at', header: t('fields.at'), className: 'audit-cell-at', card: 'subtitle', body: (entry) => <time dateTime={entry.at}>{formatDate(entry.at)}</time> },
    {
      key: 'user',
      header: t('fields.user'),
      className: 'audit-cell-user',
      card: 'fact',
      body: (entry) => (
        <span className="clamp" title={userText(entry)} data-testid={`audit-user-${entry.id}`}>
          {userText(entry)}
        </span>
      ),
    },
    {
      key: 'action',
      header: t('fields.action'),
      className: 'audit-cell-action',
      card: 'title',
      body: (entry) => <span data-testid={`audit-action-${entry.id}`}>{actionLabel(entry.action, language)}</span>,
    },
    {
      key: 'target',
      header: t('fields.target'),
      className: 'audit-cell-target',
      card: 'fact',
      body: (entry) => (
        <span className="clamp" title={auditTargetText(entry, language)} data-testid={`audit-target-${entry.id}`}>
          {auditTargetText(entry, language)}
        </span>
      ),
    },
    { key: 'ip', header: t('fields.ip'), className: 'audit-cell-ip', optional: true, card: 'fact', body: (entry) => entry.ip },
    {
      key: 'result',
      header: t('fields.result'),
      className: 'audit-cell-result',
      card: 'status',
      body: (entry) => {
        const failure = failureOf(entry);
        return (
          <span className="audit-result">
            <Tag value={AUDIT_RESULT_LABELS[entry.result]?.[language] ?? entry.result} severity={RESULT_SEVERITY[entry.result] ?? 'info'} data-testid={`audit-result-${entry.id}`} />
            {failure && (
              <small className="audit-failure clamp" title={failure} data-testid={`audit-failure-${entry.id}`}>
                <span className="visually-hidden">{t('fields.detail')}: </span>
                {failure}
              </small>
            )}
          </span>
        );
      },
    },
    {
      key: 'userAgent',
      header: t('fields.userAgent'),
      className: 'audit-cell-agent',
      optional: true,
      defaultHidden: true,
      body: (entry) => (
        <span className="clamp muted" title={entry.userAgent}>
          {entry.userAgent}
        </span>
      ),
    },
  ];

  const userOptions = [
    { value: ANY, label: t('page.any') },
    ...users.map((user) => ({ value: String(user.id), label: user.name && user.name !== user.username ? `${user.name} (${user.username})` : user.username })),
  ];

  return (
    <div className="page audit-page" data-testid="audit-page">
      <header className="page-header page-header-row">
        <div>
          <h1>{t('routes.index')}</h1>
          <p className="muted">
            {t('page.subtitle')} · <span data-testid="audit-total">{t('page.total', { count: list.total })}</span>
          </p>
        </div>
        <ListToolbar hasFilters={list.hasFilters} onClear={list.clearFilters} onExport={() => exportAudit(list.state)}>
          <Button
            type="button"
            icon="pi pi-refresh"
            text
            severity="secondary"
            aria-label={t('page.refresh')}
            onClick={list.reload}
            data-testid="audit-refresh"
          />
        </ListToolbar>
      </header>
      <FilterBar>
        <label className="order-filter">
          <span className="order-filter-label">{t('fields.user')}</span>
          <Dropdown
            value={list.state.filters.userId ?? ANY}
            options={userOptions}
            onChange={(event) => list.setFilter('userId', event.value === ANY ? null : (event.value as string))}
            filter
            filterInputAutoFocus={filterTakesFocus()}
            aria-label={t('fields.user')}
            className="order-filter-input"
            data-testid="audit-filter-user"
          />
        </label>
        <ChoiceFilter
          label={t('fields.action')}
          field="action"
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action, language) }))}
          {...filterProps}
        />
        <DateRangeFilter label={t('fields.date')} fromField="from" toField="to" {...filterProps} />
        <ChoiceFilter label={t('fields.result')} field="result" options={AUDIT_RESULTS.map((result) => ({ value: result, label: AUDIT_RESULT_LABELS[result][language] }))} {...filterProps} />
      </FilterBar>
      {list.failed && <Message severity="error" text={t('page.loadFailed')} className="list-note" />}
      <DataList
        listKey="setting.audit"
        rows={list.rows}
        columns={columns}
        rowLabel={(entry) => `${actionLabel(entry.action, language)} ${formatDate(entry.at)}`}
        tableProps={{ ...list.tableProps, rowClassName: (entry: AuditEntry) => ({ 'audit-row-failed': entry.result !== 'success' }) }}
        minTableWidth={760}
        emptyMessage={t('page.empty')}
        className="audit-list"
        testId="audit-table"
      />
      <p className="muted small audit-retention">{t('page.retention')}</p>
    </div>
  );
}
