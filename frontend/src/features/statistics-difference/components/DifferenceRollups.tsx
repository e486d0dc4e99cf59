// The sums: grand totals over every matching order (not only the page shown), and the same
// numbers per customer and per style, each a list of its own.
import { useTranslation } from 'react-i18next';
import { TabPanel, TabView } from '../../../components/tabs/TabView';
import type { DifferenceGroup, DifferenceNumbers } from '@contracts/difference';
import { DataList, type DataListColumn } from '../../../components/data-list';
import { DIFF_KEYS, DiffValue, STAGE_KEYS, StageValue } from './DiffValue';

export function GrandTotals({ totals }: { totals: DifferenceNumbers | null }) {
  const { t } = useTranslation('statisticsDifference');
  return (
    <section className="diff-grand" aria-label={t('rollup.grand')} data-testid="diff-grand">
      <dl className="diff-grand-facts">
        {[...STAGE_KEYS, ...DIFF_KEYS].map((key) => (
          <div key={key} className={`diff-grand-fact${(DIFF_KEYS as readonly string[]).includes(key) ? ' is-diff' : ''}`}>
            <dt>{t(`fields.${key}`)}</dt>
            <dd>
              {!totals ? '…' : (DIFF_KEYS as readonly string[]).includes(key) ? <DiffValue value={totals[key]} testId={`grand-${key}`} /> : <StageValue value={totals[key]} testId={`grand-${key}`} />}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function GroupList({ listKey, groups, labelHeader, testId }: { listKey: string; groups: DifferenceGroup[]; labelHeader: string; testId: string }) {
  const { t } = useTranslation('statisticsDifference');
  const columns: DataListColumn<DifferenceGroup>[] = [
    { key: 'label', header: labelHeader, card: 'title', className: 'cell-reference', body: (group) => group.label || t('rollup.noCustomer') },
    { key: 'orders', header: t('rollup.orders'), className: 'cell-number', body: (group) => group.orders },
    ...STAGE_KEYS.map((key) => ({ key, header: t(`fields.${key}`), className: 'cell-number', optional: key === 'inStock', body: (group: DifferenceGroup) => <StageValue value={group.totals[key]} /> })),
    ...DIFF_KEYS.map((key) => ({ key, header: t(`fields.${key}`), className: 'cell-number cell-diff', body: (group: DifferenceGroup) => <DiffValue value={group.totals[key]} /> })),
  ];
  return (
    <DataList
      listKey={listKey}
      rows={groups}
      columns={columns}
      dataKey={null}
      rowLabel={(group) => group.label}
      emptyMessage={t('rollup.empty')}
      tableProps={{ paginator: groups.length > 10, rows: 10 }}
      className="diff-rollup-list"
      testId={testId}
    />
  );
}

export function DifferenceRollups({ byCustomer, byGoods }: { byCustomer: DifferenceGroup[]; byGoods: DifferenceGroup[] }) {
  const { t } = useTranslation('statisticsDifference');
  return (
    <TabView className="diff-rollups">
      <TabPanel header={t('rollup.byCustomer')}>
        <GroupList listKey="statistics.difference.byCustomer" groups={byCustomer} labelHeader={t('fields.customer')} testId="diff-by-customer" />
      </TabPanel>
      <TabPanel header={t('rollup.byGoods')}>
        <GroupList listKey="statistics.difference.byGoods" groups={byGoods} labelHeader={t('fields.style')} testId="diff-by-goods" />
      </TabPanel>
    </TabView>
  );
}
