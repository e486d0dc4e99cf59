// Upload the production document of one order (/production/order/create?id=): a photo or
// scan goes to /admin/upload/image, its id to uploadDocument; the document is shown through
// an <img> the token cookie authorises.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { ROOMS } from '@contracts/events';
import type { ProductionOrder } from '@contracts/orders';
import { ORDER_PATHS } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { uploadImage } from '../../base-data/api/upload-image';
import { documentUrl, getProductionOrder, uploadDocument } from '../api/production-orders';
import { DocumentTag, ReviewTag } from '../components/ProductionOrderTable';
import { useOrderEvents } from '../hooks/use-order-events';
import { formatQuantity } from '../model/format';
import '../orders.css';

export function DocumentUploadPage() {
  const { t, i18n } = useTranslation('orders');
  const [, navigate] = useLocation();
  const search = useSearch();
  const id = Number(new URLSearchParams(search).get('id'));
  const [order, setOrder] = useState<ProductionOrder | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    if (!Number.isInteger(id) || id < 1) {
      setStatus('failed');
      return;
    }
    try {
      setOrder(await getProductionOrder(id));
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);
  useOrderEvents(order ? [ROOMS.order(order.id)] : null, () => void load());

  const choose = async (file: File | undefined) => {
    if (!file || !order) return;
    setUploading(true);
    try {
      const image = await uploadImage(file);
      const saved = await uploadDocument(order.id, order.version, image.id);
      setOrder(saved);
      notifySuccess(t('document.uploaded'));
    } catch {
      // The HTTP client has shown the server's reason (type, size, stale version).
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="page order-form-page" data-testid="document-upload">
      <header className="page-header page-header-row">
        <h1>{t('routes.orderCreate')}</h1>
        <Button type="button" label={t('form.back')} icon="pi pi-arrow-left" text severity="secondary" onClick={() => navigate(ORDER_PATHS.orderIndex)} />
      </header>
      {status === 'failed' && <Message severity="error" text={t('form.loadFailed')} />}
      {status === 'loading' && <Skeleton height="20rem" />}
      {order && (
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
            <p className="field-hint">{t('document.hint')}</p>
            <input ref={input} type="file" accept="image/*" className="visually-hidden" data-testid="document-file" aria-label={t('document.chooseImage')} onChange={(event) => void choose(event.target.files?.[0])} />
            <Button
              type="button"
              icon="pi pi-upload"
              label={uploading ? t('document.uploading') : order.document ? t('document.replace') : t('document.upload')}
              loading={uploading}
              onClick={() => input.current?.click()}
            />
          </Card>
          <Card className="form-card document-preview">
            {order.document ? (
              <a href={documentUrl(order.id, order.documentUploadedAt)} target="_blank" rel="noreferrer" title={t('document.openFull')}>
                <img src={documentUrl(order.id, order.documentUploadedAt)} alt={t('document.alt', { orderNo: order.orderNo })} data-testid="document-image" />
              </a>
            ) : (
              <div className="document-empty">
                <i className="pi pi-image" aria-hidden="true" />
                <span>{t('document.none')}</span>
              </div>
            )}
          </Card>
        </div>
      )}
    </div>
  );
}
