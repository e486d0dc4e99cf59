// Hiding production orders: every order, hidden or shown, ticked in bulk and hidden or shown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import type { ProductionOrder } from '@contracts/orders';
import { notifySuccess } from '../../../lib/notify';
import { setHidden } from '../api/production-orders';
import { ChoiceFilter, FilterBar, ReferenceFilter } from '../components/filters';
import { OrderListHeader } from '../components/OrderListHeader';
import { ProductionOrderTable, ReviewTag } from '../components/ProductionOrderTable';
import { useProductionOrderList } from '../hooks/use-production-order-list';
import '../orders.css';

export function OrderHidePage() {
  const { t } = useTranslation('orders');
  const [selection, setSelection] = useState<ProductionOrder[]>([]);
  const [busy, setBusy] = useState<'hide' | 'show' | null>(null);
  const list = useProductionOrderList('orders.hide', { hidden: 'all' });

  const apply = async (hidden: boolean) => {
    const ids = selection.map((order) => order.id);
    if (ids.length === 0) return;
    setBusy(hidden ? 'hide' : 'show');
    try {
      const result = await setHidden(ids, hidden);
      notifySuccess(t(hidden ? 'hide.hidden' : 'hide.shown', { count: result.changed }));
      setSelection([]);
      list.reload();
    } catch {
      // The HTTP client has said why.
    } finally {
      setBusy(null);
    }
  };

  const filterProps = { filters: list.state.filters, setFilter: list.setFilter };
  return (
    <div className="page order-list-page" data-testid="hide-list">
      <OrderListHeader title={t('routes.orderHide')} list={list} onExport={() => list.exportList('hide')} note={selection.length > 0 && ` · ${t('hide.selected', { count: selection.length })}`}>
          <Button type="button" label={t('hide.hide')} icon="pi pi-eye-slash" severity="secondary" disabled={selection.length === 0} loading={busy === 'hide'} onClick={() => void apply(true)} />
          <Button type="button" label={t('hide.show')} icon="pi pi-eye" outlined disabled={selection.length === 0} loading={busy === 'show'} onClick={() => void apply(false)} />
      </OrderListHeader>
      <FilterBar>
        <ChoiceFilter
          label={t('production.showHidden')}
          field="hidden"
          options={[
            { value: 'true', label: t('production.hiddenOnly') },
            { value: 'false', label: t('production.shownOnly') },
          ]}
          {...filterProps}
        />
        <ReferenceFilter label={t('fields.customer')} entity="customer" field="customer" {...filterProps} />
      </FilterBar>
      {list.failed && <Message severity="error" text={t('list.loadFailed')} className="list-note" />}
      <ProductionOrderTable
        listKey="orders.hide"
        list={list}
        showFlags={false}
        selection={selection}
        onSelectionChange={setSelection}
        extraColumns={[
          {
            key: 'hidden',
            header: t('fields.hidden'),
            className: 'cell-flag',
            card: 'status',
            body: (row) => (row.hidden ? <Tag severity="secondary" icon="pi pi-eye-slash" value={t('production.hidden')} /> : <Tag severity="info" icon="pi pi-eye" value={t('production.shown')} />),
          },
          { key: 'reviewed', header: t('fields.reviewed'), className: 'cell-flag', card: 'status', body: (row) => <ReviewTag order={row} /> },
        ]}
      />
    </div>
  );
}
