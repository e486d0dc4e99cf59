// One order's bundles: code, colour, size, quantity, where it is (the furthest process with
// pieces recorded), last worker and scan, rejected pieces and a stuck badge; filtered by colour,
// size, process and stuck, server-paged. A code opens the bundle's trace.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { BundleRecord, OrderCutting } from '@contracts/bundles';
import type { ListPage } from '@contracts/master-data';
import { isRouteAllowed } from '@contracts/routes';
import { DataList, type DataListColumn } from '../../../components/data-list';
import { PRODUCTION_PATHS } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { getBundleList, type BundleListQuery } from '../api/get-bundle-list';
import { getProcessOptions, type ProcessOption } from '../api/get-process-options';
import { useFeatureTranslation } from '../../../lib/i18n';
import { cuttingLocales } from '../locales';

const PAGE_SIZE = 50;

export interface BundleListPanelProps {
  cutting: OrderCutting;
  /** Changes when the page reloaded (a pushed change): the list reloads quietly with it. */
  revision: number;
  fetchList?: typeof getBundleList;
  fetchProcesses?: typeof getProcessOptions;
}

type Filters = Pick<BundleListQuery, 'colorId' | 'sizeId' | 'processId' | 'stuck'>;
const NO_FILTERS: Filters = { colorId: null, sizeId: null, processId: null, stuck: false };

export function BundleListPanel({ cutting, revision, fetchList = getBundleList, fetchProcesses = getProcessOptions }: BundleListPanelProps) {
  const { t, i18n } = useFeatureTranslation('cutting', cuttingLocales);
  const mayTrace = useSession((session) => isRouteAllowed('Bundle', session.permissions));
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<ListPage<BundleRecord> | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const [processes, setProcesses] = useState<ProcessOption[]>([]);
  const number = new Intl.NumberFormat(i18n.language);
  const orderId = cutting.orderId;

  useEffect(() => {
    let live = true;
    fetchProcesses().then(
      (list) => live && setProcesses(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [fetchProcesses]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchList({ orderId, ...filters, page, size: PAGE_SIZE }, true).then(
      (next) => {
        if (!live) return;
        setResult(next);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [fetchList, orderId, filters, page, revision]);

  const filter = (patch: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const hasFilters = Boolean(filters.colorId || filters.sizeId || filters.processId || filters.stuck);
  const options = (list: { id: number; name: string }[]) => [{ value: null, label: t('bundles.all') }, ...list.map((item) => ({ value: item.id, label: item.name }))];

  const columns: DataListColumn<BundleRecord>[] = [
    {
      key: 'code',
      header: t('bundles.code'),
      card: 'title',
      className: 'cell-bundle-code',
      body: (bundle) =>
        mayTrace ? (
          <Link href={PRODUCTION_PATHS.bundle(bundle.code)} className="bundle-code order-link" aria-label={t('bundles.open', { code: bundle.code })} data-testid={`bundle-link-${bundle.code}`}>
            {bundle.code}
          </Link>
        ) : (
          <span className="bundle-code">{bundle.code}</span>
        ),
    },
    { key: 'color', header: t('bundles.color'), card: 'subtitle', body: (bundle) => `${bundle.colorName} / ${bundle.sizeName}`, label: `${t('bundles.color')} / ${t('bundles.size')}` },
    { key: 'quantity', header: t('bundles.quantity'), className: 'cell-number', body: (bundle) => number.format(bundle.quantity) },
    {
      key: 'where',
      header: t('bundles.where'),
      card: 'status',
      body: (bundle) => (
        <span className="bundle-where">
          {bundle.finished ? <Tag value={t('bundles.finished')} severity="success" /> : <span>{bundle.processName ?? <span className="muted">{t('bundles.notScanned')}</span>}</span>}
          {bundle.processName && !bundle.finished && <span className="muted"> · {number.format(bundle.processDone)}</span>}
          {bundle.stuck && <Tag value={t('bundles.stuck')} severity="danger" icon="pi pi-clock" title={t('bundles.stuckHint')} className="bundle-stuck" data-testid={`bundle-stuck-${bundle.code}`} />}
          {bundle.atRework > 0 && <Tag value={`${t('bundles.atRework')} ${bundle.atRework}`} severity="warning" />}
        </span>
      ),
    },
    { key: 'lastWorker', header: t('bundles.lastWorker'), body: (bundle) => bundle.lastWorkerName ?? '—' },
    { key: 'lastScan', header: t('bundles.lastScan'), className: 'cell-day', body: (bundle) => formatDate(bundle.lastScanAt, 'MM-DD HH:mm', '—') },
    { key: 'rejected', header: t('bundles.rejected'), className: 'cell-number', body: (bundle) => (bundle.rejected ? <span className="bundle-rejected">{number.format(bundle.rejected)}</span> : '—') },
  ];

  return (
    <section className="bundle-list-section" aria-label={t('bundles.title')}>
      <div className="bundle-filters" role="group" aria-label={t('bundles.title')}>
        <label className="bundle-filter">
          <span>{t('bundles.filterColor')}</span>
          <Dropdown value={filters.colorId ?? null} options={options(cutting.colors)} onChange={(event) => filter({ colorId: event.value as number | null })} data-testid="bundle-filter-color" />
        </label>
        <label className="bundle-filter">
          <span>{t('bundles.filterSize')}</span>
          <Dropdown value={filters.sizeId ?? null} options={options(cutting.sizes)} onChange={(event) => filter({ sizeId: event.value as number | null })} data-testid="bundle-filter-size" />
        </label>
        <label className="bundle-filter">
          <span>{t('bundles.filterProcess')}</span>
          <Dropdown value={filters.processId ?? null} options={options(processes)} onChange={(event) => filter({ processId: event.value as number | null })} filter={processes.length > 8} data-testid="bundle-filter-process" />
        </label>
        <label className="bundle-filter bundle-filter-check">
          <Checkbox checked={Boolean(filters.stuck)} onChange={(event) => filter({ stuck: Boolean(event.checked) })} data-testid="bundle-filter-stuck" />
          <span>{t('bundles.filterStuck')}</span>
        </label>
        {hasFilters && <Button type="button" label={t('bundles.clear')} icon="pi pi-filter-slash" text severity="secondary" onClick={() => filter(NO_FILTERS)} />}
        {result && <span className="muted bundle-total">{t('bundles.total', { count: result.total })}</span>}
      </div>
      {failed && <Message severity="error" text={t('bundles.loadFailed')} className="list-note" />}
      <DataList
        listKey="cutting.bundles"
        rows={result?.list ?? []}
        columns={columns}
        rowLabel={(bundle) => bundle.code}
        emptyMessage={t('bundles.empty')}
        minTableWidth={760}
        testId="bundle-list"
        tableProps={{
          loading,
          lazy: true,
          paginator: (result?.total ?? 0) > PAGE_SIZE,
          rows: PAGE_SIZE,
          first: (page - 1) * PAGE_SIZE,
          totalRecords: result?.total ?? 0,
          onPage: (event) => setPage(Math.floor(event.first / PAGE_SIZE) + 1),
          rowClassName: (bundle: BundleRecord) => ({ 'is-stuck': bundle.stuck }),
        }}
      />
    </section>
  );
}
