// The details: worker × process × step × day with pieces, rate and pay, and the sums per worker,
// per process and per day over the whole range (not only the page shown).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTablePageEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import type { AppraisalReport, AppraisalRow, AppraisalTotal } from '@contracts/appraisal';
import { ROOMS, type DomainEventName } from '@contracts/events';
import { DataList, type DataListColumn } from '../../../components/data-list';
import { formatMoney } from '../../../lib/format-money';
import type { RealtimeClient } from '../../../lib/socket';
import { REPORT_REFETCH_MS, useLiveReport } from '../../../lib/use-live-report';
import { DateRangeFilter, FilterBar, ReferenceFilter } from '../../orders/components/filters';
import { getAppraisalReport } from '../api/get-appraisal-report';
import { APPRAISAL_MAX_DAYS, APPRAISAL_PAGE_SIZES, defaultAppraisalQuery, rangeProblem, type AppraisalQuery } from '../model/appraisal-query';

const ROOMS_WATCHED = [ROOMS.statistics];
const EVENTS_WATCHED: DomainEventName[] = ['production.progressed'];

export interface LiveTabProps {
  client?: RealtimeClient;
  refetchMs?: number;
  /** The last relevant event, for the page's live badge. */
  onLastEvent?: (at: string | null) => void;
}

const rowKey = (row: AppraisalRow) => `${row.workerId}-${row.processId}-${row.stepId ?? 0}-${row.day}`;

function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const pieces = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  // A rate may have more than two decimals (0.125 a piece): shown as stored, never rounded to cents.
  const rate = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 4 });
  return { pieces: (value: number) => pieces.format(value), rate: (value: number) => rate.format(value), money: (value: number) => formatMoney(value, language) };
}

function TotalsList({ title, totals, testId }: { title: string; totals: AppraisalTotal[]; testId: string }) {
  const { t } = useTranslation('performanceAppraisal');
  const format = useFormats();
  const columns: DataListColumn<AppraisalTotal>[] = [
    { key: 'label', header: title, card: 'title', className: 'cell-reference', body: (total) => total.label },
    { key: 'pieces', header: t('fields.pieces'), className: 'cell-number', body: (total) => <span data-testid={`${testId}-pieces-${total.key}`}>{format.pieces(total.pieces)}</span> },
    { key: 'pay', header: t('fields.pay'), className: 'cell-number cell-money', body: (total) => <span data-testid={`${testId}-pay-${total.key}`}>{format.money(total.pay)}</span> },
  ];
  return (
    <section className="appraisal-totals-list" aria-label={title}>
      <DataList
        listKey={`appraisal.${testId}`}
        rows={totals}
        columns={columns}
        dataKey="key"
        rowLabel={(total) => total.label}
        emptyMessage={t('details.empty')}
        tableProps={{ paginator: totals.length > 10, rows: 10, scrollable: false }}
        minTableWidth={280}
        testId={testId}
      />
    </section>
  );
}

export function AppraisalDetailsTab({ client, refetchMs = REPORT_REFETCH_MS, onLastEvent, fetch = getAppraisalReport }: LiveTabProps & { fetch?: typeof getAppraisalReport }) {
  const { t } = useTranslation('performanceAppraisal');
  const format = useFormats();
  const [query, setQuery] = useState<AppraisalQuery>(() => defaultAppraisalQuery());
  const problem = rangeProblem(query.filters);
  const report = useLiveReport<AppraisalQuery, AppraisalReport>(query, (current, signal, quiet) => fetch(current, signal, quiet), {
    rooms: ROOMS_WATCHED,
    events: EVENTS_WATCHED,
    client,
    delayMs: refetchMs,
    enabled: problem === null,
  });
  useEffect(() => {
    onLastEvent?.(report.lastEventAt);
  }, [report.lastEventAt, onLastEvent]);

  const setFilter = (field: string, value: string | null) =>
    setQuery((current) => {
      const filters = { ...current.filters };
      if (value) filters[field] = value;
      else delete filters[field];
      return { ...current, filters, page: 1 };
    });
  const filterProps = { filters: query.filters, setFilter };
  // Numbers of an earlier range must not stand under a range that was not asked for.
  const data = problem ? null : report.data;

  const columns: DataListColumn<AppraisalRow>[] = [
    { key: 'worker', header: t('fields.worker'), card: 'title', className: 'cell-reference', body: (row) => row.workerName },
    { key: 'department', header: t('fields.department'), optional: true, className: 'cell-reference', body: (row) => row.departmentName ?? '—' },
    { key: 'process', header: t('fields.process'), card: 'subtitle', className: 'cell-reference', body: (row) => row.processName },
    { key: 'step', header: t('fields.step'), optional: true, className: 'cell-reference', body: (row) => row.stepName ?? '—' },
    { key: 'day', header: t('fields.day'), className: 'cell-day', body: (row) => row.day },
    { key: 'pieces', header: t('fields.pieces'), className: 'cell-number', body: (row) => <span data-testid={`appraisal-pieces-${rowKey(row)}`}>{format.pieces(row.pieces)}</span> },
    {
      key: 'rate',
      header: t('fields.rate'),
      className: 'cell-number',
      body: (row) =>
        row.pieceRate === null ? (
          <span className="muted" title={row.pay !== 0 ? t('details.mixedRate') : t('details.noRate')}>
            —<span className="visually-hidden">{row.pay !== 0 ? t('details.mixedRate') : t('details.noRate')}</span>
          </span>
        ) : (
          format.rate(row.pieceRate)
        ),
    },
    { key: 'pay', header: t('fields.pay'), className: 'cell-number cell-money', body: (row) => <span data-testid={`appraisal-pay-${rowKey(row)}`}>{format.money(row.pay)}</span> },
  ];

  const tableProps = {
    lazy: true,
    paginator: true,
    first: (query.page - 1) * query.pageSize,
    rows: query.pageSize,
    totalRecords: data?.total ?? 0,
    rowsPerPageOptions: APPRAISAL_PAGE_SIZES,
    onPage: (event: DataTablePageEvent) => setQuery((current) => ({ ...current, page: (event.page ?? 0) + 1, pageSize: event.rows })),
    loading: report.loading,
    paginatorTemplate: 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport',
    currentPageReportTemplate: '{first}–{last} / {totalRecords}',
  };

  return (
    <div className="appraisal-details" data-testid="appraisal-details">
      <FilterBar>
        <ReferenceFilter label={t('fields.worker')} entity="user" field="workerId" {...filterProps} />
        <ReferenceFilter label={t('fields.department')} entity="department" field="departmentId" {...filterProps} />
        <ReferenceFilter label={t('fields.process')} entity="process" field="processId" {...filterProps} />
        <DateRangeFilter label={t('fields.dateRange')} fromField="from" toField="to" {...filterProps} />
      </FilterBar>
      {problem && (
        <Message
          severity="warn"
          text={problem === 'missing' ? t('details.rangeMissing') : problem === 'order' ? t('details.rangeOrder') : t('details.rangeTooLong', { days: APPRAISAL_MAX_DAYS })}
          className="list-note"
          data-testid="appraisal-range-problem"
        />
      )}
      {report.failed && <Message severity="error" text={t('page.loadFailed')} className="list-note" />}
      <div className="appraisal-grand" aria-label={t('details.grand')} role="group" data-testid="appraisal-grand">
        <span className="muted">{t('details.grand')}</span>
        <span>
          {t('fields.pieces')} <strong data-testid="appraisal-total-pieces">{data ? format.pieces(data.totals.pieces) : '…'}</strong>
        </span>
        <span>
          {t('fields.pay')} <strong data-testid="appraisal-total-pay">{data ? format.money(data.totals.pay) : '…'}</strong>
        </span>
        <span className="muted">{t('details.total', { count: data?.total ?? 0 })}</span>
      </div>
      <DataList
        listKey="appraisal.details"
        rows={data?.rows ?? []}
        columns={columns}
        dataKey={null}
        rowLabel={(row) => `${row.workerName} ${row.processName} ${row.day}`}
        tableProps={tableProps}
        emptyMessage={t('details.empty')}
        testId="appraisal-table"
      />
      <h2 className="section-title">{t('details.totals')}</h2>
      <div className="appraisal-totals">
        <TotalsList title={t('details.byWorker')} totals={data?.byWorker ?? []} testId="appraisal-by-worker" />
        <TotalsList title={t('details.byProcess')} totals={data?.byProcess ?? []} testId="appraisal-by-process" />
        <TotalsList title={t('details.byDay')} totals={data?.byDay ?? []} testId="appraisal-by-day" />
      </div>
    </div>
  );
}
