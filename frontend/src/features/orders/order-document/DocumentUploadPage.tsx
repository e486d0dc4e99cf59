// The production documents of one order (/production/order/create?id=): photos, scans and PDFs,
// several per order. Each chosen file goes to productionOrder/addDocument; the list shows every
// document (number, name, kind, size, uploader, time): images open through URLs the token cookie
// authorises, PDFs download. Opened without an order (the sidebar entry), it first asks which one.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import type { OrderDocuments } from '@contracts/attachments';
import { ROOMS } from '@contracts/events';
import type { ProductionOrder } from '@contracts/orders';
import { ORDER_PATHS } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { formatDate } from '../../../lib/format-date';
import { addOrderDocument, getOrderDocuments, getProductionOrder, getProductionOrderList, removeOrderDocument } from '../api/production-orders';
import { DocumentTag, ReviewTag } from '../components/ProductionOrderTable';
import { useOrderEvents } from '../hooks/use-order-events';
import { formatQuantity } from '../model/format';
import { DEFAULT_LIST_STATE_FOR_PICKER } from '../model/picker';
import '../orders.css';
import { filterTakesFocus } from '../../../lib/filter-focus';
import { formatBytes } from '../../../lib/format-bytes';

/** The orders still waiting for their document, newest first; choosing one opens it here. */
function OrderPicker({ onPick }: { onPick: (id: number) => void }) {
  const { t } = useTranslation('orders');
  const [orders, setOrders] = useState<ProductionOrder[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    getProductionOrderList({ ...DEFAULT_LIST_STATE_FOR_PICKER, filters: { document: 'false' } })
      .then((page) => live && setOrders(page.list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  if (failed) return <Message severity="error" text={t('list.loadFailed')} />;
  if (!orders) return <Skeleton height="4rem" />;
  return (
    <Card className="form-card document-picker">
      <div className="form-field">
        <label htmlFor="document-order">{t('document.pickOrder')}</label>
        <Dropdown
          inputId="document-order"
          options={orders.map((order) => ({ value: order.id, label: `${order.orderNo} · ${order.customerLabel} · ${order.goodsCode} · ${order.deliveryDate}` }))}
          onChange={(event) => event.value && onPick(Number(event.value))}
          filter
          filterInputAutoFocus={filterTakesFocus()}
          placeholder={t('document.pickOrder')}
          emptyMessage={t('document.allUploaded')}
        />
        <small className="field-hint">{t('document.pickHint')}</small>
      </div>
    </Card>
  );
}

/** The order's documents: a row each, images with a thumbnail that opens the image, PDFs downloading. */
function DocumentList({ documents, canRemove, onRemove }: { documents: OrderDocuments; canRemove: boolean; onRemove: (id: string, name: string) => void }) {
  const { t } = useTranslation('orders');
  if (!documents.list.length) {
    return (
      <div className="document-empty">
        <i className="pi pi-image" aria-hidden="true" />
        <span>{t('document.none')}</span>
      </div>
    );
  }
  return (
    <div className="document-files">
      <h2 className="document-files-title">
        {t('document.listTitle')} <small>{t('document.count', { count: documents.list.length })}</small>
      </h2>
      {!documents.viewable && <Message severity="info" text={t('document.notViewable')} className="list-note" />}
      <ul className="document-file-list" data-testid="document-files">
        {documents.list.map((file) => (
          <li key={file.id} className="document-file" data-testid={`document-file-${file.number}`} data-kind={file.kind}>
            <div className="document-file-thumb">
              {file.kind === 'image' && documents.viewable && file.thumbnailUrl ? (
                <a href={file.url} target="_blank" rel="noreferrer" title={t('document.open')}>
                  <img src={file.thumbnailUrl} alt={file.name} />
                </a>
              ) : (
                <i className={file.kind === 'pdf' ? 'pi pi-file-pdf' : 'pi pi-image'} aria-hidden="true" />
              )}
            </div>
            <dl className="document-file-facts">
              <div>
                <dt>{t('document.number')}</dt>
                <dd>#{file.number}</dd>
              </div>
              <div className="document-file-name">
                <dt>{t('document.name')}</dt>
                <dd title={file.name}>{file.name}</dd>
              </div>
              <div>
                <dt>{t('document.kind')}</dt>
                <dd>{file.kind === 'pdf' ? t('document.kindPdf') : t('document.kindImage')}</dd>
              </div>
              <div>
                <dt>{t('document.size')}</dt>
                <dd>{formatBytes(file.size)}</dd>
              </div>
              <div>
                <dt>{t('document.uploadedBy')}</dt>
                <dd>{file.uploadedBy?.name ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('document.uploadedAt')}</dt>
                <dd>{formatDate(file.uploadedAt, 'YYYY-MM-DD HH:mm')}</dd>
              </div>
            </dl>
            <div className="document-file-actions">
              {documents.viewable &&
                (file.kind === 'pdf' ? (
                  <a className="p-button p-button-text p-button-sm" href={file.url} download={file.name} data-testid={`document-download-${file.number}`}>
                    <i className="pi pi-download" aria-hidden="true" /> {t('document.download')}
                  </a>
                ) : (
                  <a className="p-button p-button-text p-button-sm" href={file.url} target="_blank" rel="noreferrer" data-testid={`document-open-${file.number}`}>
                    <i className="pi pi-external-link" aria-hidden="true" /> {t('document.open')}
                  </a>
                ))}
              {canRemove && (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  label={t('document.remove')}
                  text
                  size="small"
                  severity="danger"
                  data-testid={`document-remove-${file.number}`}
                  onClick={() => onRemove(file.id, file.name)}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DocumentUploadPage() {
  const { t, i18n } = useTranslation('orders');
  const [, navigate] = useLocation();
  const search = useSearch();
  const id = Number(new URLSearchParams(search).get('id'));
  // No order named (or a malformed id): nothing failed to load, the user has yet to choose.
  const named = Number.isInteger(id) && id >= 1;
  const [order, setOrder] = useState<ProductionOrder | null>(null);
  const [documents, setDocuments] = useState<OrderDocuments | null>(null);
  const [documentsFailed, setDocumentsFailed] = useState(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const shownId = useRef<number | null>(null);

  const load = useCallback(async () => {
    if (!named) {
      setOrder(null);
      return;
    }
    // A reload of the order shown (after an upload, a live event) keeps the screen as it is.
    if (shownId.current !== id) {
      setStatus('loading');
      setDocuments(null);
    }
    try {
      setOrder(await getProductionOrder(id));
      shownId.current = id;
      setStatus('ready');
    } catch {
      shownId.current = null;
      setStatus('failed');
      return;
    }
    try {
      setDocuments(await getOrderDocuments(id));
      setDocumentsFailed(false);
    } catch {
      setDocumentsFailed(true);
    }
  }, [id, named]);

  useEffect(() => {
    void load();
  }, [load]);
  useOrderEvents(order ? [ROOMS.order(order.id)] : null, () => void load());

  const choose = async (files: File[]) => {
    if (!files.length || !order) return;
    setUploading(true);
    let uploaded = 0;
    try {
      // One after another: each is checked by the server (kind, size) and refused on its own.
      for (const file of files) {
        try {
          await addOrderDocument(order.id, file);
          uploaded++;
        } catch {
          // The HTTP client has shown the server's reason (kind, size, permission).
        }
      }
      if (uploaded) notifySuccess(files.length === 1 ? t('document.uploaded') : t('document.uploadedMany', { count: uploaded }));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
      await load();
    }
  };

  const remove = (upload: string, name: string) => {
    if (!order) return;
    confirmDialog({
      header: t('document.remove'),
      message: t('document.removeConfirm', { name }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('document.remove'),
      rejectLabel: t('document.keep'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: async () => {
        try {
          setDocuments(await removeOrderDocument(order.id, upload));
          notifySuccess(t('document.removed'));
        } catch {
          // Shown by the HTTP client.
        }
        await load();
      },
    });
  };

  return (
    <div className="page order-form-page" data-testid="document-upload">
      <header className="page-header page-header-row">
        <h1>{t('routes.orderCreate')}</h1>
        <Button type="button" label={t('form.back')} icon="pi pi-arrow-left" text severity="secondary" onClick={() => navigate(ORDER_PATHS.orderIndex)} />
      </header>
      {!named && <OrderPicker onPick={(picked) => navigate(`${ORDER_PATHS.orderCreate}?id=${picked}`)} />}
      {named && status === 'failed' && <Message severity="error" text={t('form.loadFailed')} />}
      {named && status === 'loading' && <Skeleton height="20rem" />}
      {named && order && (
        <div className="document-layout">
          <Card className="form-card document-facts">
            <dl className="facts">
              <div>
                <dt>{t('fields.productionOrderNo')}</dt>
                <dd className="order-no">{order.orderNo}</dd>
              </div>
              <div>
                <dt>{t('fields.customer')}</dt>
                <dd>{order.customerLabel}</dd>
              </div>
              <div>
                <dt>{t('fields.style')}</dt>
                <dd>
                  {order.goodsCode} · {order.productName}
                </dd>
              </div>
              <div>
                <dt>{t('fields.quantity')}</dt>
                <dd>{formatQuantity(order.totalQuantity, i18n.language)}</dd>
              </div>
              <div>
                <dt>{t('fields.deliveryDate')}</dt>
                <dd>{order.deliveryDate}</dd>
              </div>
              <div>
                <dt>{t('document.state')}</dt>
                <dd className="order-flags">
                  <DocumentTag order={order} />
                  <ReviewTag order={order} />
                </dd>
              </div>
            </dl>
            <p className="field-hint">{t('document.filesHint')}</p>
            <input
              ref={input}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif,application/pdf,.pdf"
              className="visually-hidden"
              data-testid="document-file"
              aria-label={t('document.chooseFiles')}
              onChange={(event) => void choose(Array.from(event.target.files ?? []))}
            />
            <Button
              type="button"
              icon="pi pi-upload"
              label={uploading ? t('document.uploading') : order.document ? t('document.addFiles') : t('document.upload')}
              loading={uploading}
              onClick={() => input.current?.click()}
              data-testid="document-add"
            />
          </Card>
          <Card className="form-card document-preview">
            {documentsFailed && <Message severity="error" text={t('document.loadFailed')} />}
            {!documentsFailed && !documents && <Skeleton height="12rem" />}
            {documents && <DocumentList documents={documents} canRemove onRemove={remove} />}
          </Card>
        </div>
      )}
    </div>
  );
}
