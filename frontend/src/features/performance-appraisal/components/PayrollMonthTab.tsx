// The month's payroll: what is handed to payroll — per worker, pieces and pay, a total row, and
// the same as an Excel file (/payroll/export).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import type { PayrollLine, PayrollReport } from '@contracts/appraisal';
import { ROOMS, type DomainEventName } from '@contracts/events';
import { DataList, type DataListColumn } from '../../../components/data-list';
import { formatMoney } from '../../../lib/format-money';
import { REPORT_REFETCH_MS, useLiveReport } from '../../../lib/use-live-report';
import { FilterBar, ReferenceFilter } from '../../orders/components/filters';
import { ListToolbar } from '../../orders/components/ListToolbar';
import { exportPayroll } from '../api/export-payroll';
import { getPayrollReport } from '../api/get-payroll-report';
import { currentMonth, type PayrollQuery } from '../model/appraisal-query';
import type { LiveTabProps } from './AppraisalDetailsTab';
import { MonthInput } from './MonthInput';

const ROOMS_WATCHED = [ROOMS.statistics];
const EVENTS_WATCHED: DomainEventName[] = ['production.progressed'];

export function PayrollMonthTab({ client, refetchMs = REPORT_REFETCH_MS, onLastEvent, fetch = getPayrollReport }: LiveTabProps & { fetch?: typeof getPayrollReport }) {
  const { t, i18n } = useTranslation('performanceAppraisal');
  const language = i18n.language;
  const [query, setQuery] = useState<PayrollQuery>(() => ({ month: currentMonth(), departmentId: '' }));
  const report = useLiveReport<PayrollQuery, PayrollReport>(query, (current, signal, quiet) => fetch(current, signal, quiet), { rooms: ROOMS_WATCHED, events: EVENTS_WATCHED, client, delayMs: refetchMs });
  useEffect(() => {
    onLastEvent?.(report.lastEventAt);
  }, [report.lastEventAt, onLastEvent]);
  const data = report.data;
  const pieces = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const money = (value: number) => formatMoney(value, language);

  const columns: DataListColumn<PayrollLine>[] = [
    { key: 'worker', header: t('fields.worker'), card: 'title', className: 'cell-reference', body: (line) => line.workerName },
    { key: 'username', header: t('fields.username'), optional: true, className: 'cell-code', body: (line) => line.username },
    { key: 'department', header: t('fields.department'), card: 'subtitle', className: 'cell-reference', body: (line) => line.departmentName ?? '—' },
    { key: 'pieces', header: t('fields.pieces'), className: 'cell-number', body: (line) => <span data-testid={`payroll-pieces-${line.workerId}`}>{pieces.format(line.pieces)}</span> },
    { key: 'pay', header: t('fields.pay'), className: 'cell-number cell-money', body: (line) => <span data-testid={`payroll-pay-${line.workerId}`}>{money(line.pay)}</span> },
  ];

  const footer = data && (
    <div className="payroll-total" role="group" aria-label={t('month.total')} data-testid="payroll-total">
      <strong>{t('month.total')}</strong>
      <span className="muted">{t('month.workers', { count: data.lines.length })}</span>
      <span>
        {t('fields.pieces')} <strong data-testid="payroll-total-pieces">{pieces.format(data.totals.pieces)}</strong>
      </span>
      <span>
        {t('fields.pay')} <strong data-testid="payroll-total-pay">{money(data.totals.pay)}</strong>
      </span>
    </div>
  );

  return (
    <div className="payroll-month" data-testid="payroll-month">
      <div className="payroll-bar">
        <FilterBar>
          <MonthInput label={t('fields.month')} value={query.month} onChange={(month) => setQuery((current) => ({ ...current, month }))} />
          <ReferenceFilter
            label={t('fields.department')}
            entity="department"
            field="departmentId"
            filters={query.departmentId ? { departmentId: query.departmentId } : {}}
            setFilter={(_field, value) => setQuery((current) => ({ ...current, departmentId: value ?? '' }))}
          />
        </FilterBar>
        <ListToolbar hasFilters={false} onClear={() => undefined} onExport={() => exportPayroll(query)} />
      </div>
      {report.failed && <Message severity="error" text={t('page.loadFailed')} className="list-note" />}
      <DataList
        listKey="appraisal.payroll"
        rows={data?.lines ?? []}
        columns={columns}
        dataKey="workerId"
        rowLabel={(line) => line.workerName}
        tableProps={{ loading: report.loading }}
        footer={footer}
        emptyMessage={t('month.empty')}
        testId="payroll-table"
      />
    </div>
  );
}
