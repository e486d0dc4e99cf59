// Create / update a sales order: header fields, then one line per style with its colour × size
// quantity grid, prices and packing; totals live while typing, the server's after saving.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { ROOMS, type SaleOrderChanged } from '@contracts/events';
import type { SaleOrder } from '@contracts/orders';

import { notifyError, notifySuccess } from '../../../lib/notify';
import { ReferenceDropdown } from '../../base-data/components/ReferenceDropdown';
import { reportSaveFailure, type FormError } from '../../../lib/form-errors';
import { getStyleDetail } from '../api/goods-detail';
import { getSaleOrder, saveSaleOrder } from '../api/sale-orders';
import { DateInput } from '../../../components/form/DateInput';
import { NumberInput } from '../../../components/form/NumberInput';
import { FormBanner, type BannerKind } from '../components/FormBanner';
import { StylePicker } from '../components/StylePicker';
import { useOrderEvents } from '../hooks/use-order-events';
import { formatMoney, formatQuantity, formatRate, today } from '../model/format';
import {
  emptyHeader,
  headerOf,
  lineProblem,
  linesOf,
  lineTotals,
  newLineKey,
  orderTotals,
  saleOrderBody,
  type LineDraft,
  type LineProblem,
  type SaleOrderHeader,
} from '../model/sale-order-form';
import { MatrixGrid } from '../order-lines/MatrixGrid';
import { ORDER_PATHS, type RouteScreenProps } from '../../../config/paths';
import '../orders.css';

const HEADER_FIELDS = [
  'orderNo',
  'orderDate',
  'deliveryDate',
  'expectedDelivery',
  'customer',
  'customerOrderNo',
  'currency',
  'freight',
  'payMethod',
  'orderType',
  'shipmentPlace',
  'salesperson',
  'designer',
  'merchandiser',
  'note',
] as const;
const FORM_FIELDS: readonly string[] = [...HEADER_FIELDS, 'lines'];

const REFERENCES: { field: keyof SaleOrderHeader; entity: string }[] = [
  { field: 'currency', entity: 'currency' },
  { field: 'payMethod', entity: 'payMethod' },
  { field: 'orderType', entity: 'ordertype' },
  { field: 'salesperson', entity: 'salesperson' },
  { field: 'designer', entity: 'designer' },
  { field: 'merchandiser', entity: 'merchandiser' },
];

export function SaleOrderFormPage({ params }: RouteScreenProps) {
  const id = params.id ? Number(params.id) : null;
  return <SaleOrderForm key={id ?? 'new'} id={id} />;
}

export function SaleOrderForm({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation('orders');
  const [, navigate] = useLocation();
  const mode = id ? 'update' : 'create';
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>(id ? 'loading' : 'ready');
  const [header, setHeader] = useState<SaleOrderHeader>(() => emptyHeader(today()));
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [saved, setSaved] = useState<SaleOrder | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [problem, setProblem] = useState<LineProblem | null>(null);
  const [banner, setBanner] = useState<BannerKind | null>(null);
  const [saving, setSaving] = useState(false);
  const [picking, setPicking] = useState(false);
  const versionRef = useRef<number | null>(null);
  const savingRef = useRef(false);
  // A style just added from the picker: its line's first field takes the focus, so keyboard
  // entry goes on in the new line instead of staying on the picker below it.
  const focusLineRef = useRef<string | null>(null);

  const load = useCallback(async () => {
    if (!id) return;
    setStatus('loading');
    try {
      const order = await getSaleOrder(id);
      versionRef.current = order.version;
      setHeader(headerOf(order));
      setLines(linesOf(order));
      setSaved(order);
      setBanner(null);
      setError(null);
      setProblem(null);
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    const key = focusLineRef.current;
    if (!key) return;
    focusLineRef.current = null;
    const index = lines.findIndex((line) => line.key === key);
    if (index >= 0) document.getElementById(`line-${index}-productName`)?.focus();
  }, [lines]);

  // Someone else saving this order while it is open: say so instead of overwriting silently.
  useOrderEvents(id ? [ROOMS.saleOrder(id)] : null, (events) => {
    if (savingRef.current) return;
    for (const event of events) {
      const payload = event.payload as SaleOrderChanged;
      if (payload.id !== id) continue;
      if (payload.action === 'deleted') setBanner('deleted');
      else if (payload.version !== null && versionRef.current !== null && payload.version > versionRef.current) setBanner((current) => current ?? 'changed');
    }
  });

  const setField = <K extends keyof SaleOrderHeader>(field: K, value: SaleOrderHeader[K]) => {
    setHeader((current) => ({ ...current, [field]: value }));
    setError((current) => (current && current.field === field ? null : current));
  };

  const updateLine = (key: string, change: Partial<LineDraft>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    setProblem(null);
    setError((current) => (current && current.field === 'lines' ? null : current));
  };

  const addStyle = async (goodsId: number | null) => {
    if (!goodsId) return;
    const index = lines.findIndex((line) => line.goodsId === goodsId);
    if (index >= 0) {
      setProblem({ key: 'alreadyExists', line: lines.length + 1, lineKey: lines[index].key });
      return;
    }
    setPicking(true);
    try {
      const style = await getStyleDetail(goodsId);
      const key = newLineKey();
      focusLineRef.current = key;
      setLines((current) => [
        ...current,
        {
          key,
          goodsId,
          goodsCode: style.code,
          productName: style.name,
          costPrice: Number(style.costPrice ?? 0),
          sellingPrice: Number(style.salesPrice ?? 0),
          packingUnit: '',
          packingQuantity: null,
          note: '',
          colors: style.colors,
          sizes: style.sizes,
          values: {},
        },
      ]);
      setProblem(null);
    } catch {
      // The HTTP client has said why.
    } finally {
      setPicking(false);
    }
  };

  const totals = orderTotals(lines, header.freight);
  const money = (value: number) => formatMoney(value, i18n.language);
  const quantity = (value: number) => formatQuantity(value, i18n.language);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A typed date that could not be read says so under its field; do not save the old value.
    const unread = event.currentTarget.querySelector<HTMLElement>('[data-entry-error]');
    if (unread) {
      unread.focus();
      return;
    }
    const required = (['customer', 'orderDate', 'deliveryDate'] as const).find((field) => !header[field]);
    if (required) {
      setError({ field: required, message: t('form.required', { field: t(`fields.${required}`) }), conflict: false });
      document.getElementById(`so-${required}`)?.focus();
      return;
    }
    const found = lineProblem(lines);
    if (found) {
      setProblem(found);
      return;
    }
    setSaving(true);
    savingRef.current = true;
    setError(null);
    try {
      const body = saleOrderBody(header, lines, mode);
      if (mode === 'update' && id) Object.assign(body, { id, version: versionRef.current ?? undefined });
      const order = await saveSaleOrder(body, mode);
      versionRef.current = order.version;
      notifySuccess(t('form.saved'));
      if (mode === 'create') {
        navigate(ORDER_PATHS.saleOrderUpdate(order.id), { replace: true });
        return;
      }
      setSaved(order);
      setHeader(headerOf(order));
      setLines(linesOf(order));
    } catch (failure) {
      reportSaveFailure(failure, FORM_FIELDS, {
        conflict: () => {
          setBanner('conflict');
          window.scrollTo(0, 0);
        },
        field: setError,
        message: notifyError,
      });
    } finally {
      setSaving(false);
      // Our own change event arrives around now; it is not someone else's.
      setTimeout(() => (savingRef.current = false), 600);
    }
  };

  const title = t(mode === 'create' ? 'routes.saleOrderCreate' : 'routes.saleOrderUpdate');
  const back = () => navigate(ORDER_PATHS.saleOrderIndex);
  const fieldError = (field: string) => (error && error.field === field ? error.message : null);
  const problemText = problem
    ? problem.key === 'noChildDetail'
      ? t('lines.noChildDetail')
      : problem.key === 'noColorOrSize'
        ? t('lines.noColorOrSize', { line: problem.line })
        : t('lines.alreadyExists', { line: problem.line })
    : null;
  const linesMessage = problemText ?? fieldError('lines');

  const field = (name: (typeof HEADER_FIELDS)[number], input: React.ReactNode, options: { wide?: boolean; required?: boolean; hint?: string } = {}) => (
    <div className={`form-field${options.wide ? ' is-wide' : ''}`} key={name}>
      <label htmlFor={`so-${name}`} className={options.required ? 'is-required' : undefined}>
        {t(`fields.${name}`)}
      </label>
      {input}
      {options.hint && !fieldError(name) && <small className="field-hint">{options.hint}</small>}
      {fieldError(name) && (
        <small className="p-error" id={`so-${name}-error`}>
          {fieldError(name)}
        </small>
      )}
    </div>
  );

  return (
    <div className="page order-form-page" data-testid="sale-order-form">
      <header className="page-header page-header-row">
        <div>
          <h1>{title}</h1>
          {saved && <p className="muted">{saved.orderNo}</p>}
        </div>
        <Button type="button" label={t('form.back')} icon="pi pi-arrow-left" text severity="secondary" onClick={back} />
      </header>

      {banner && <FormBanner kind={banner} onReload={() => void load()} />}

      {status === 'failed' ? (
        <Card>
          <Message severity="error" text={t('form.loadFailed')} />
        </Card>
      ) : status === 'loading' ? (
        <Card>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height="2.5rem" className="mb-3" />
          ))}
        </Card>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
          <Card title={t('form.header')} className="form-card">
            <div className="order-form-grid">
              {field('orderNo', <InputText id="so-orderNo" value={header.orderNo} onChange={(e) => setField('orderNo', e.target.value)} maxLength={32} invalid={Boolean(fieldError('orderNo'))} />, {
                hint: t('form.orderNoHint'),
              })}
              {field(
                'customer',
                <ReferenceDropdown inputId="so-customer" entity="customer" value={header.customer} onChange={(value) => setField('customer', value)} invalid={Boolean(fieldError('customer'))} ariaLabel={t('fields.customer')} />,
                { required: true },
              )}
              {field('customerOrderNo', <InputText id="so-customerOrderNo" value={header.customerOrderNo} onChange={(e) => setField('customerOrderNo', e.target.value)} maxLength={64} />)}
              {field('orderDate', <DateInput id="so-orderDate" value={header.orderDate} onChange={(value) => setField('orderDate', value)} invalid={Boolean(fieldError('orderDate'))} />, { required: true })}
              {field(
                'deliveryDate',
                <DateInput id="so-deliveryDate" value={header.deliveryDate} onChange={(value) => setField('deliveryDate', value)} minDate={header.orderDate} invalid={Boolean(fieldError('deliveryDate'))} />,
                { required: true },
              )}
              {field('expectedDelivery', <DateInput id="so-expectedDelivery" value={header.expectedDelivery} onChange={(value) => setField('expectedDelivery', value)} />)}
              {REFERENCES.map(({ field: name, entity }) =>
                field(
                  name as (typeof HEADER_FIELDS)[number],
                  <ReferenceDropdown
                    inputId={`so-${name}`}
                    entity={entity}
                    value={header[name] as number | null}
                    onChange={(value) => setField(name, value as never)}
                    invalid={Boolean(fieldError(name))}
                    ariaLabel={t(`fields.${name}`)}
                  />,
                ),
              )}
              {field(
                'freight',
                <NumberInput inputId="so-freight" value={header.freight} onValueChange={(e) => setField('freight', e.value ?? 0)} min={0} decimals={2} useGrouping invalid={Boolean(fieldError('freight'))} />,
              )}
              {field('shipmentPlace', <InputText id="so-shipmentPlace" value={header.shipmentPlace} onChange={(e) => setField('shipmentPlace', e.target.value)} maxLength={128} />)}
              {field('note', <InputTextarea id="so-note" value={header.note} onChange={(e) => setField('note', e.target.value)} rows={2} maxLength={500} autoResize />, { wide: true })}
            </div>
          </Card>

          <Card title={t('lines.title')} className="form-card order-lines-card">
            {linesMessage && (
              <Message severity="error" text={linesMessage} className="order-lines-error" data-testid="lines-error" />
            )}
            {lines.length === 0 && <p className="muted order-lines-empty">{t('lines.noLines')}</p>}
            {lines.map((line, index) => {
              const totalsOfLine = lineTotals(line);
              const highlighted = problem && problem.key !== 'noChildDetail' && problem.lineKey === line.key;
              return (
                <section key={line.key} className={`order-line${highlighted ? ' is-invalid' : ''}`} aria-label={t('lines.lineTitle', { line: index + 1 })} data-testid={`line-${index}`}>
                  <header className="order-line-header">
                    <span className="order-line-index">{index + 1}</span>
                    <strong className="order-line-code">{line.goodsCode}</strong>
                    <span className="order-line-totals">
                      <span>{t('lines.lineQuantity', { quantity: quantity(totalsOfLine.quantity) })}</span>
                      <span>{t('lines.lineAmount', { amount: money(totalsOfLine.amount) })}</span>
                    </span>
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      text
                      rounded
                      severity="danger"
                      aria-label={t('lines.removeLine')}
                      tooltip={t('lines.removeLine')}
                      onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
                    />
                  </header>
                  <div className="order-line-fields">
                    <label className="form-field">
                      <span>{t('fields.productName')}</span>
                      <InputText id={`line-${index}-productName`} value={line.productName} onChange={(e) => updateLine(line.key, { productName: e.target.value })} maxLength={128} />
                    </label>
                    <label className="form-field">
                      <span>{t('fields.costPrice')}</span>
                      <NumberInput inputId={`line-${index}-costPrice`} value={line.costPrice} onValueChange={(e) => updateLine(line.key, { costPrice: e.value ?? 0 })} min={0} decimals={2} useGrouping />
                    </label>
                    <label className="form-field">
                      <span>{t('fields.sellingPrice')}</span>
                      <NumberInput inputId={`line-${index}-sellingPrice`} value={line.sellingPrice} onValueChange={(e) => updateLine(line.key, { sellingPrice: e.value ?? 0 })} min={0} decimals={2} useGrouping />
                    </label>
                    <label className="form-field">
                      <span>{t('fields.packingUnit')}</span>
                      <InputText id={`line-${index}-packingUnit`} value={line.packingUnit} onChange={(e) => updateLine(line.key, { packingUnit: e.target.value })} maxLength={16} />
                    </label>
                    <label className="form-field">
                      <span>{t('fields.packingQuantity')}</span>
                      <NumberInput inputId={`line-${index}-packingQuantity`} value={line.packingQuantity} onValueChange={(e) => updateLine(line.key, { packingQuantity: e.value ?? null })} min={0} />
                    </label>
                  </div>
                  {line.colors.length === 0 || line.sizes.length === 0 ? (
                    <Message severity="warn" text={t('lines.styleNoColors')} />
                  ) : (
                    <MatrixGrid idPrefix={`line-${index}`} colors={line.colors} sizes={line.sizes} values={line.values} onChange={(values) => updateLine(line.key, { values })} invalid={Boolean(highlighted)} />
                  )}
                </section>
              );
            })}
            <div className="order-line-add">
              <i className="pi pi-plus-circle" aria-hidden="true" />
              <StylePicker id="so-add-style" value={null} onChange={(goodsId) => void addStyle(goodsId)} placeholder={t('lines.addStyle')} disabled={picking} />
              {picking && <span className="muted">{t('lines.loadingStyle')}</span>}
            </div>
          </Card>

          <Card className="form-card order-totals-card">
            <div className="order-totals" data-testid="order-totals">
              <span className="order-totals-title">{t('form.liveTotals')}</span>
              <Total label={t('fields.totalQuantity')} value={quantity(totals.totalQuantity)} testId="total-quantity" />
              <Total label={t('fields.totalAmount')} value={money(totals.totalAmount)} testId="total-amount" />
              <Total label={t('fields.totalCost')} value={money(totals.totalCost)} />
              <Total label={t('fields.profit')} value={money(totals.profit)} />
              <Total label={t('fields.profitRate')} value={formatRate(totals.profitRate, i18n.language)} />
            </div>
            {saved && (
              <div className="order-totals is-saved" data-testid="saved-totals">
                <span className="order-totals-title">{t('form.savedTotals')}</span>
                <Total label={t('fields.totalQuantity')} value={quantity(saved.totalQuantity)} />
                <Total label={t('fields.totalAmount')} value={money(saved.totalAmount)} />
                <Total label={t('fields.totalCost')} value={money(saved.totalCost)} />
                <Total label={t('fields.profit')} value={money(saved.profit)} testId="saved-profit" />
                <Total label={t('fields.profitRate')} value={formatRate(saved.profitRate, i18n.language)} testId="saved-profit-rate" />
              </div>
            )}
          </Card>

          <div className="form-actions">
            <Button type="button" label={i18n.t('common:actions.cancel')} outlined severity="secondary" onClick={back} />
            <Button type="submit" label={t('form.save')} icon="pi pi-check" loading={saving} disabled={banner === 'deleted'} />
          </div>
        </form>
      )}
    </div>
  );
}

function Total({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <span className="order-total">
      <span className="order-total-label">{label}</span>
      <strong className="order-total-value" data-testid={testId}>
        {value}
      </strong>
    </span>
  );
}
