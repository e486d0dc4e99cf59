// The top of the overview: the production order, the sales order it came from, and its review
// and production document.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Tag } from 'primereact/tag';
import type { OrderOverview } from '@contracts/order-overview';
import { isRouteAllowed } from '@contracts/routes';
import { ORDER_PATHS } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { Fact } from './OverviewStatusTag';

const documentUrl = (orderId: number) => `/api/admin/productionOrder/document?id=${orderId}`;

export function OrderCard({ overview }: { overview: OrderOverview }) {
  const { t, i18n } = useTranslation('orderOverview');
  const { order } = overview;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section className="overview-card" aria-labelledby="overview-order-title" data-testid="overview-order">
      <h2 id="overview-order-title" className="overview-card-title">
        <i className="pi pi-cog" aria-hidden="true" /> {t('order.title')}
      </h2>
      <dl className="overview-facts">
        <Fact label={t('order.style')} value={<><strong>{order.goodsCode}</strong> {order.productName}</>} />
        <Fact label={t('order.customer')} value={order.customerLabel} />
        <Fact label={t('order.customerOrderNo')} value={order.customerOrderNo} />
        <Fact label={t('order.orderDate')} value={order.orderDate} />
        <Fact label={t('order.deliveryDate')} value={order.deliveryDate} />
        <Fact label={t('order.totalQuantity')} value={number.format(order.totalQuantity)} testId="overview-total" />
        <Fact label={t('order.lastScanAt')} value={formatDate(order.lastScanAt, 'YYYY-MM-DD HH:mm')} />
        {order.note && <Fact label={t('order.note')} value={order.note} />}
      </dl>
    </section>
  );
}

export function SaleOrderCard({ overview }: { overview: OrderOverview }) {
  const { t, i18n } = useTranslation('orderOverview');
  const mayOpen = useSession((session) => isRouteAllowed('SaleOrderUpdate', session.permissions));
  const sale = overview.saleOrder;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section className="overview-card" aria-labelledby="overview-sale-title" data-testid="overview-sale-order">
      <h2 id="overview-sale-title" className="overview-card-title">
        <i className="pi pi-shopping-cart" aria-hidden="true" /> {t('saleOrder.title')}
      </h2>
      {sale ? (
        <dl className="overview-facts">
          <Fact
            label={t('saleOrder.orderNo')}
            value={
              mayOpen ? (
                <Link href={ORDER_PATHS.saleOrderUpdate(sale.id)} className="order-overview-link" data-testid="overview-sale-order-link">
                  {sale.orderNo}
                </Link>
              ) : (
                sale.orderNo
              )
            }
            testId="overview-sale-order-no"
          />
          <Fact label={t('saleOrder.customer')} value={sale.customerLabel} />
          <Fact label={t('saleOrder.customerOrderNo')} value={sale.customerOrderNo} />
          <Fact label={t('saleOrder.orderDate')} value={sale.orderDate} />
          <Fact label={t('saleOrder.deliveryDate')} value={sale.deliveryDate} />
          <Fact label={t('saleOrder.expectedDelivery')} value={sale.expectedDelivery} />
          <Fact label={t('saleOrder.merchandiser')} value={sale.merchandiserLabel} />
          <Fact label={t('saleOrder.totalQuantity')} value={number.format(sale.totalQuantity)} />
        </dl>
      ) : (
        <p className="muted overview-none">{t('saleOrder.none')}</p>
      )}
    </section>
  );
}

export function ReviewDocumentCard({ overview }: { overview: OrderOverview }) {
  const { t } = useTranslation('orderOverview');
  const permissions = useSession((session) => session.permissions);
  const { review, document, order } = overview;
  return (
    <section className="overview-card" aria-labelledby="overview-review-title" data-testid="overview-review">
      <h2 id="overview-review-title" className="overview-card-title">
        <i className="pi pi-verified" aria-hidden="true" /> {t('review.title')} · {t('document.title')}
      </h2>
      <dl className="overview-facts">
        <Fact
          label={t('review.title')}
          value={<Tag severity={review.reviewed ? 'success' : 'warning'} icon={review.reviewed ? 'pi pi-verified' : 'pi pi-clock'} value={review.reviewed ? t('review.reviewed') : t('review.notReviewed')} />}
          testId="overview-review-state"
        />
        {review.reviewed && <Fact label={t('review.reviewedAt')} value={review.reviewedAt} />}
        {review.reviewed && <Fact label={t('review.reviewedBy')} value={review.reviewedBy} />}
        {review.note && <Fact label={t('review.note')} value={review.note} />}
        <Fact
          label={t('document.title')}
          value={<Tag severity={document.uploaded ? 'success' : 'danger'} icon={document.uploaded ? 'pi pi-image' : 'pi pi-upload'} value={document.uploaded ? t('document.uploaded') : t('document.notUploaded')} />}
          testId="overview-document-state"
        />
        {document.uploaded && <Fact label={t('document.uploadedAt')} value={formatDate(document.uploadedAt, 'YYYY-MM-DD HH:mm')} />}
      </dl>
      {document.uploaded && document.viewable && (
        // The picture is served to the session cookie: an <img> cannot send the token header.
        <a className="overview-document" href={documentUrl(order.id)} target="_blank" rel="noreferrer" data-testid="overview-document-link">
          <img src={documentUrl(order.id)} alt={t('document.alt', { orderNo: order.orderNo })} loading="lazy" />
          <span>
            <i className="pi pi-external-link" aria-hidden="true" /> {t('document.open')}
          </span>
        </a>
      )}
      {document.uploaded && !document.viewable && <p className="muted small">{t('document.notViewable')}</p>}
      <div className="overview-card-actions">
        {!document.uploaded && isRouteAllowed('OrderCreate', permissions) && (
          <Link href={`${ORDER_PATHS.orderCreate}?id=${order.id}`} className="p-button p-button-sm p-button-outlined">
            <i className="pi pi-upload" aria-hidden="true" />&nbsp;{t('document.upload')}
          </Link>
        )}
        {!review.reviewed && isRouteAllowed('OrderReview', permissions) && (
          <Link href={ORDER_PATHS.orderReview} className="p-button p-button-sm p-button-outlined">
            <i className="pi pi-verified" aria-hidden="true" />&nbsp;{t('review.go')}
          </Link>
        )}
      </div>
    </section>
  );
}
