// Direct entry and update of a production order: customer, style, dates, the colour × size
// grid and (on update) the process route. A reviewed order shows its quantities and route
// read-only, with a hint to cancel the review first.
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { ROOMS, type ProductionOrderChanged } from '@contracts/events';
import type { ProductionOrder, RouteStep } from '@contracts/orders';
import { ORDER_PATHS } from '../../../config/paths';
import type { FormBody } from '../../../lib/http-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ReferenceDropdown } from '../../base-data/components/ReferenceDropdown';
import { reportSaveFailure, type FormError } from '../../../lib/form-errors';
import { getStyleDetail } from '../api/goods-detail';
import { getProductionOrder, saveProductionOrder } from '../api/production-orders';
import { DateInput } from '../../../components/form/DateInput';
import { FormBanner, type BannerKind } from '../components/FormBanner';
import { ReviewTag, DocumentTag } from '../components/ProductionOrderTable';
import { StylePicker } from '../components/StylePicker';
import { useOrderEvents } from '../hooks/use-order-events';
import { today } from '../model/format';
import { cellsOf, valuesOf, type MatrixColor, type MatrixSize, type MatrixValues } from '../model/matrix';
import { MatrixGrid } from '../order-lines/MatrixGrid';
import { RouteEditor } from './RouteEditor';
import '../orders.css';

interface Draft {
  orderNo: string;
  customer: number | null;
  goodsId: number | null;
  productName: string;
  customerOrderNo: string;
  orderDate: string;
  deliveryDate: string;
  note: string;
  colors: MatrixColor[];
  sizes: MatrixSize[];
  values: MatrixValues;
  route: RouteStep[];
}

const FIELDS = ['orderNo', 'customer', 'goodsId', 'productName', 'customerOrderNo', 'orderDate', 'deliveryDate', 'note', 'cells', 'route'];

function draftOf(order: ProductionOrder): Draft {
  return {
    orderNo: order.orderNo,
    customer: order.customer,
    goodsId: order.goodsId,
    productName: order.productName ?? '',
    customerOrderNo: order.customerOrderNo ?? '',
    orderDate: order.orderDate,
    deliveryDate: order.deliveryDate,
    note: order.note ?? '',
    colors: order.colors ?? [],
    sizes: order.sizes ?? [],
    values: valuesOf(order.cells),
    route: order.route ?? [],
  };
}

const emptyDraft = (): Draft => ({
  orderNo: '',
  customer: null,
  goodsId: null,
  productName: '',
  customerOrderNo: '',
  orderDate: today(),
  deliveryDate: '',
  note: '',
  colors: [],
  sizes: [],
  values: {},
  route: [],
});

export function ProductionOrderForm({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation('orders');
  const [, navigate] = useLocation();
  const mode = id ? 'update' : 'create';
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>(id ? 'loading' : 'ready');
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [order, setOrder] = useState<ProductionOrder | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [banner, setBanner] = useState<BannerKind | null>(null);
  const [saving, setSaving] = useState(false);
  const versionRef = useRef<number | null>(null);
  const savingRef = useRef(false);

  const load = useCallback(async () => {
    if (!id) return;
    setStatus('loading');
    try {
      const loaded = await getProductionOrder(id);
      versionRef.current = loaded.version;
      setOrder(loaded);
      setDraft(draftOf(loaded));
      setBanner(null);
      setError(null);
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  useOrderEvents(id ? [ROOMS.order(id)] : null, (events) => {
    if (savingRef.current) return;
    for (const event of events) {
      if (event.name !== 'productionOrder.changed') continue;
      const payload = event.payload as ProductionOrderChanged;
      if (payload.id !== id) continue;
      if (payload.action === 'deleted') setBanner('deleted');
      else if (payload.version !== null && versionRef.current !== null && payload.version > versionRef.current) setBanner((current) => current ?? 'changed');
    }
  });

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setError((current) => (current && (current.field === field || (field === 'values' && current.field === 'cells')) ? null : current));
  };

  const pickStyle = async (goodsId: number | null) => {
    set('goodsId', goodsId);
    if (!goodsId) {
      setDraft((current) => ({ ...current, colors: [], sizes: [], values: {} }));
      return;
    }
    try {
      const style = await getStyleDetail(goodsId);
      setDraft((current) => ({ ...current, goodsId, colors: style.colors, sizes: style.sizes, values: {}, productName: current.productName || style.name }));
    } catch {
      // The HTTP client has said why.
    }
  };

  const reviewed = Boolean(order?.reviewed);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A typed date that could not be read says so under its field; do not save the old value.
    const unread = event.currentTarget.querySelector<HTMLElement>('[data-entry-error]');
    if (unread) {
      unread.focus();
      return;
    }
    const required = (['customer', 'goodsId', 'orderDate', 'deliveryDate'] as const).find((field) => !draft[field]);
    if (required) {
      setError({ field: required, message: t('form.required', { field: t(`fields.${required === 'goodsId' ? 'style' : required}`) }), conflict: false });
      return;
    }
    const cells = cellsOf(draft.values, draft.colors, draft.sizes);
    if (!reviewed && cells.length === 0) {
      setError({ field: 'cells', message: t('lines.noColorOrSize', { line: 1 }), conflict: false });
      return;
    }
    const body: FormBody = {
      orderNo: draft.orderNo.trim() || undefined,
      customer: draft.customer ?? undefined,
      goodsId: draft.goodsId ?? undefined,
      productName: draft.productName.trim() || undefined,
      customerOrderNo: draft.customerOrderNo.trim() || (mode === 'update' ? '' : undefined),
      orderDate: draft.orderDate,
      deliveryDate: draft.deliveryDate,
      note: draft.note.trim() || (mode === 'update' ? '' : undefined),
    };
    // Quantities and route are frozen while reviewed: leave them out then.
    if (!reviewed) {
      body.cells = JSON.stringify(cells);
      if (mode === 'update') body.route = JSON.stringify(draft.route.map((step, index) => ({ processId: step.processId, sequence: index + 1, dueDate: step.dueDate || undefined })));
    }
    if (mode === 'update' && id) Object.assign(body, { id, version: versionRef.current ?? undefined });
    setSaving(true);
    savingRef.current = true;
    setError(null);
    try {
      const saved = await saveProductionOrder(body, mode);
      versionRef.current = saved.version;
      notifySuccess(t('form.saved'));
      if (mode === 'create') {
        navigate(ORDER_PATHS.productionOrderUpdate(saved.id), { replace: true });
        return;
      }
      setOrder(saved);
      setDraft(draftOf(saved));
    } catch (failure) {
      reportSaveFailure(failure, FIELDS, {
        conflict: () => {
          setBanner('conflict');
          window.scrollTo(0, 0);
        },
        field: setError,
        message: notifyError,
      });
    } finally {
      setSaving(false);
      setTimeout(() => (savingRef.current = false), 600);
    }
  };

  const back = () => navigate(ORDER_PATHS.productionOrderIndex);
  const fieldError = (field: string) => (error && error.field === field ? error.message : null);
  const field = (name: string, label: string, input: ReactNode, options: { wide?: boolean; required?: boolean } = {}) => (
    <div className={`form-field${options.wide ? ' is-wide' : ''}`}>
      <label htmlFor={`po-${name}`} className={options.required ? 'is-required' : undefined}>
        {label}
      </label>
      {input}
      {fieldError(name) && <small className="p-error">{fieldError(name)}</small>}
    </div>
  );

  if (status === 'failed') return <Message severity="error" text={t('form.loadFailed')} />;
  if (status === 'loading')
    return (
      <Card>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} height="2.5rem" className="mb-3" />
        ))}
      </Card>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="production-order-form">
      {banner && <FormBanner kind={banner} onReload={() => void load()} />}
      {order && (
        <div className="order-state-row">
          <strong className="order-no">{order.orderNo}</strong>
          <ReviewTag order={order} />
          <DocumentTag order={order} />
          {order.saleOrderNo && (
            <span className="muted">
              {t('production.fromSaleOrder')}: {order.saleOrderNo}
            </span>
          )}
        </div>
      )}
      <Card title={t('form.header')} className="form-card">
        <div className="order-form-grid">
          {field('orderNo', t('fields.productionOrderNo'), <InputText id="po-orderNo" value={draft.orderNo} onChange={(e) => set('orderNo', e.target.value)} maxLength={32} placeholder={t('form.orderNoHint')} />)}
          {field('customer', t('fields.customer'), <ReferenceDropdown inputId="po-customer" entity="customer" value={draft.customer} onChange={(value) => set('customer', value)} invalid={Boolean(fieldError('customer'))} ariaLabel={t('fields.customer')} />, {
            required: true,
          })}
          {field('goodsId', t('fields.style'), <StylePicker id="po-goodsId" value={draft.goodsId} onChange={(value) => void pickStyle(value)} invalid={Boolean(fieldError('goodsId'))} disabled={reviewed} />, { required: true })}
          {field('productName', t('fields.productName'), <InputText id="po-productName" value={draft.productName} onChange={(e) => set('productName', e.target.value)} maxLength={128} />)}
          {field('customerOrderNo', t('fields.customerOrderNo'), <InputText id="po-customerOrderNo" value={draft.customerOrderNo} onChange={(e) => set('customerOrderNo', e.target.value)} maxLength={64} />)}
          {field('orderDate', t('fields.orderDate'), <DateInput id="po-orderDate" value={draft.orderDate} onChange={(value) => set('orderDate', value)} invalid={Boolean(fieldError('orderDate'))} />, { required: true })}
          {field('deliveryDate', t('fields.deliveryDate'), <DateInput id="po-deliveryDate" value={draft.deliveryDate} onChange={(value) => set('deliveryDate', value)} minDate={draft.orderDate} invalid={Boolean(fieldError('deliveryDate'))} />, {
            required: true,
          })}
          {field('note', t('fields.note'), <InputTextarea id="po-note" value={draft.note} onChange={(e) => set('note', e.target.value)} rows={2} maxLength={500} autoResize />, { wide: true })}
        </div>
      </Card>
      <Card title={t('matrix.label')} className="form-card">
        {reviewed && <Message severity="info" text={t('matrix.readOnlyHint')} className="order-lines-error" data-testid="reviewed-hint" />}
        {fieldError('cells') && <Message severity="error" text={fieldError('cells') ?? ''} className="order-lines-error" />}
        {draft.colors.length > 0 && draft.sizes.length > 0 ? (
          <MatrixGrid idPrefix="po" colors={draft.colors} sizes={draft.sizes} values={draft.values} onChange={(values) => set('values', values)} readOnly={reviewed} invalid={Boolean(fieldError('cells'))} />
        ) : (
          <p className="muted">{draft.goodsId ? t('lines.styleNoColors') : t('lines.pickStyle')}</p>
        )}
      </Card>
      {mode === 'update' && (
        <Card title={t('production.route')} className="form-card">
          {fieldError('route') && <Message severity="error" text={fieldError('route') ?? ''} className="order-lines-error" />}
          <RouteEditor steps={draft.route} onChange={(route) => set('route', route)} readOnly={reviewed} orderDate={draft.orderDate} deliveryDate={draft.deliveryDate} />
        </Card>
      )}
      <div className="form-actions">
        <Button type="button" label={i18n.t('common:actions.cancel')} outlined severity="secondary" onClick={back} />
        <Button type="submit" label={t('form.save')} icon="pi pi-check" loading={saving} disabled={banner === 'deleted'} />
      </div>
    </form>
  );
}
