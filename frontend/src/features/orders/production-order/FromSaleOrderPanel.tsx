// Production orders from a sales order: pick the order, tick the lines not yet in production,
// one production order per line.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import type { ProductionOrder, SaleOrder } from '@contracts/orders';
import { DEFAULT_LIST_STATE_FOR_PICKER } from '../model/picker';
import { notifySuccess } from '../../../lib/notify';
import { createFromSaleOrder, getProductionOrderList } from '../api/production-orders';
import { getSaleOrder, getSaleOrderList } from '../api/sale-orders';
import { formatQuantity } from '../model/format';
import { filterTakesFocus } from '../../../lib/filter-focus';

export function FromSaleOrderPanel({ onCreated }: { onCreated: (orders: ProductionOrder[]) => void }) {
  const { t, i18n } = useTranslation('orders');
  const [orders, setOrders] = useState<SaleOrder[]>([]);
  const [saleOrderId, setSaleOrderId] = useState<number | null>(null);
  const [order, setOrder] = useState<SaleOrder | null>(null);
  const [produced, setProduced] = useState<Set<number>>(new Set());
  const [ticked, setTicked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    getSaleOrderList(DEFAULT_LIST_STATE_FOR_PICKER)
      .then((page) => setOrders(page.list))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    setOrder(null);
    setTicked([]);
    setMessage(null);
    if (!saleOrderId) return;
    let live = true;
    Promise.all([
      getSaleOrder(saleOrderId),
      getProductionOrderList({ ...DEFAULT_LIST_STATE_FOR_PICKER, sortField: 'id', filters: { saleOrder: String(saleOrderId), hidden: 'all' } }),
    ])
      .then(([detail, existing]) => {
        if (!live) return;
        const inProduction = new Set(existing.list.map((row) => row.saleOrderLineId).filter((lineId): lineId is number => lineId !== null));
        setProduced(inProduction);
        setOrder(detail);
        setTicked((detail.lines ?? []).filter((line) => !inProduction.has(line.id)).map((line) => line.id));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [saleOrderId]);

  const create = async () => {
    if (!order) return;
    if (ticked.length === 0) {
      setMessage(t('production.selectLinesFirst'));
      return;
    }
    setSaving(true);
    try {
      const created = await createFromSaleOrder(order.id, ticked);
      notifySuccess(t('production.created', { count: created.length }));
      onCreated(created);
    } catch {
      // The HTTP client shows the server's message (e.g. item already exists).
    } finally {
      setSaving(false);
    }
  };

  const lines = order?.lines ?? [];
  const open = lines.filter((line) => !produced.has(line.id));
  return (
    <div className="from-sale-order">
      <div className="form-field">
        <label htmlFor="po-saleOrder">{t('production.pickSaleOrder')}</label>
        <Dropdown
          inputId="po-saleOrder"
          value={saleOrderId}
          options={orders.map((candidate) => ({ value: candidate.id, label: `${candidate.orderNo} · ${candidate.customerLabel} · ${candidate.deliveryDate}` }))}
          onChange={(event) => setSaleOrderId(event.value ? Number(event.value) : null)}
          filter
          filterInputAutoFocus={filterTakesFocus()}
          placeholder={t('production.pickSaleOrder')}
          emptyMessage={t('form.noOptions')}
          className="sale-order-picker"
        />
      </div>
      {order && (
        <>
          <h3 className="from-sale-order-title">{t('production.linesOfOrder')}</h3>
          {open.length === 0 && <Message severity="info" text={t('production.noSaleOrderLines')} />}
          <ul className="sale-order-lines" data-testid="sale-order-lines">
            {lines.map((line) => {
              const done = produced.has(line.id);
              const checked = ticked.includes(line.id);
              return (
                <li key={line.id} className={done ? 'is-done' : undefined}>
                  <Checkbox
                    inputId={`so-line-${line.id}`}
                    checked={checked}
                    disabled={done}
                    onChange={(event) => setTicked((current) => (event.checked ? [...current, line.id] : current.filter((other) => other !== line.id)))}
                  />
                  <label htmlFor={`so-line-${line.id}`}>
                    <strong>{line.goodsCode}</strong> {line.productName}
                    <span className="muted">
                      {' '}
                      · {t('fields.quantity')} {formatQuantity(line.quantity, i18n.language)}
                    </span>
                  </label>
                  {done && <span className="muted from-sale-order-done">{t('production.alreadyInProduction')}</span>}
                </li>
              );
            })}
          </ul>
          {message && <Message severity="warn" text={message} />}
          <div className="form-actions">
            <Button type="button" label={t('production.createSelected')} icon="pi pi-check" loading={saving} disabled={open.length === 0} onClick={() => void create()} />
          </div>
        </>
      )}
    </div>
  );
}
