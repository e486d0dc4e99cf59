// The order at the top of the progress screen: number, customer, style, dates, finish rate,
// status, and the warnings progress on it carries (not reviewed, no production document).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { thumbnailUrl } from '@contracts/master-data';
import type { ProgressRow } from '@contracts/production';
import { ProgressBarThin, StatusTag } from './StatusTag';
import { OrderOverviewIconLink } from '../../../components/OrderOverviewLink';

export function OrderHeader({ row }: { row: ProgressRow }) {
  const { t, i18n } = useTranslation('schedule');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <div className="order-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <section className="order-header-card" aria-label={t('detail.order')} data-testid="order-header">
      <div className="order-header-main">
        {row.goodsImage ? <img className="order-header-image" src={thumbnailUrl(row.goodsImage)} alt="" /> : <span className="order-header-image is-empty pi pi-image" aria-hidden="true" />}
        <div className="order-header-title">
          <div className="order-header-line">
            <span className="order-no order-header-no" data-testid="order-no">
              {row.orderNo}
            </span>
            <OrderOverviewIconLink id={row.id} orderNo={row.orderNo} />
            <StatusTag status={row.status} />
            {row.completed && <Tag severity="success" icon="pi pi-check" value={t('detail.completed')} />}
            <Tag severity={row.reviewed ? 'success' : 'warning'} icon={row.reviewed ? 'pi pi-verified' : 'pi pi-clock'} value={row.reviewed ? t('flags.reviewed') : t('flags.notReviewed')} data-testid="flag-reviewed" />
            <Tag severity={row.hasDocument ? 'success' : 'warning'} icon="pi pi-image" value={row.hasDocument ? t('flags.hasDocument') : t('flags.noDocument')} data-testid="flag-document" />
          </div>
          <div className="order-header-style">
            <strong>{row.goodsCode}</strong> <span className="muted">{row.productName}</span>
          </div>
        </div>
        <div className="order-header-rate">
          <span className="order-header-rate-value" data-testid="finish-rate">
            {number.format(row.finishRate)}%
          </span>
          <span className="muted">{t('fields.finishRate')}</span>
          <ProgressBarThin percent={Math.min(100, row.finishRate)} status={row.status} label={t('fields.finishRate')} />
        </div>
      </div>
      <dl className="order-facts">
        {fact(t('fields.customer'), row.customerLabel)}
        {fact(t('fields.orderDate'), row.orderDate)}
        {fact(t('fields.deliveryDate'), row.deliveryDate)}
        {fact(t('fields.totalQuantity'), new Intl.NumberFormat(i18n.language).format(row.totalQuantity))}
        {fact(t('fields.delayDays'), row.delayDays > 0 ? <span className="delay-days">{t('grid.days', { count: row.delayDays })}</span> : '—', 'delay-days')}
      </dl>
      {(!row.reviewed || !row.hasDocument) && (
        <div className="order-warnings">
          {!row.reviewed && <Message severity="warn" text={t('detail.warnNotReviewed')} data-testid="warn-not-reviewed" />}
          {!row.hasDocument && <Message severity="warn" text={t('detail.warnNoDocument')} data-testid="warn-no-document" />}
        </div>
      )}
    </section>
  );
}
