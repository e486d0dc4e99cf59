// The route in sequence, each process with planned, done, remaining, its status, its due date
// and its first and last scan. A list like every other (cards on a phone).
import { useTranslation } from 'react-i18next';
import type { OverviewStep } from '@contracts/order-overview';
import { DataList, type DataListColumn } from '../../../components/data-list';
import { formatDate } from '../../../lib/format-date';
import { statusStyle } from '../../../lib/status-style';
import { OverviewStatusTag } from './OverviewStatusTag';

const percentOf = (step: OverviewStep) => (step.planned > 0 ? Math.min(100, (step.done / step.planned) * 100) : 0);

export function RouteProgress({ steps }: { steps: OverviewStep[] }) {
  const { t, i18n } = useTranslation('orderOverview');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const columns: DataListColumn<OverviewStep>[] = [
    {
      key: 'process',
      header: t('route.process'),
      card: 'title',
      className: 'cell-name',
      body: (step) => (
        <span className="overview-process">
          <span className="overview-sequence" aria-hidden="true">
            {step.sequence}
          </span>
          {step.processName}
          {step.endProcess && <i className="pi pi-flag-fill overview-end" title={t('route.endProcess')} aria-label={t('route.endProcess')} />}
        </span>
      ),
    },
    { key: 'status', header: t('route.status'), card: 'status', body: (step) => <OverviewStatusTag status={step.status} /> },
    { key: 'planned', header: t('route.planned'), className: 'cell-number', body: (step) => number.format(step.planned) },
    { key: 'done', header: t('route.done'), className: 'cell-number', body: (step) => <strong data-testid={`route-done-${step.processId}`}>{number.format(step.done)}</strong> },
    { key: 'remaining', header: t('route.remaining'), className: 'cell-number', body: (step) => number.format(Math.max(0, step.planned - step.done)) },
    {
      key: 'progress',
      header: t('route.progress'),
      className: 'cell-progress',
      body: (step) => {
        const percent = percentOf(step);
        return (
          <span className="overview-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)} aria-label={t('route.progressOf', { process: step.processName, percent: Math.round(percent) })}>
            <span style={{ width: `${percent}%`, background: statusStyle(step.status).color }} />
          </span>
        );
      },
    },
    { key: 'dueDate', header: t('route.dueDate'), className: 'cell-date', body: (step) => step.dueDate },
    { key: 'firstScanAt', header: t('route.firstScanAt'), className: 'cell-time', optional: true, body: (step) => formatDate(step.firstScanAt, 'MM-DD HH:mm', '—') },
    { key: 'lastScanAt', header: t('route.lastScanAt'), className: 'cell-time', optional: true, body: (step) => formatDate(step.lastScanAt, 'MM-DD HH:mm', '—') },
  ];
  return (
    <DataList
      listKey="orderOverview.route"
      rows={steps}
      columns={columns}
      dataKey="processId"
      rowLabel={(step) => step.processName}
      tableProps={{ rowClassName: (step: OverviewStep) => ({ [`is-${step.status}`]: true }) }}
      emptyMessage={t('route.empty')}
      minTableWidth={720}
      className="overview-route"
      testId="overview-route"
    />
  );
}
