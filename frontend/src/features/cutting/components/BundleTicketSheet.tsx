// Bundle tickets (菲票) as printed: one per bundle with its QR (`SB1B|<code>`), the bundle code
// large, and the order, style, colour, size and quantity; with coupons, one tear-off coupon per
// process after cutting (the worker keeps it as proof of the bundle done). Two layouts: an A4
// sheet (a grid of tickets) or one ticket per label of a narrow label printer.
import type { BundleTicket } from '@contracts/bundles';
import { QrCode } from '../../../components/QrCode';
import { useFeatureTranslation } from '../../../lib/i18n';
import { cuttingLocales } from '../locales';

export type TicketLayout = 'sheet' | 'label';

export interface BundleTicketSheetProps {
  tickets: readonly BundleTicket[];
  layout: TicketLayout;
  coupons: boolean;
}

function TicketFacts({ ticket }: { ticket: BundleTicket }) {
  const { t, i18n } = useFeatureTranslation('cutting', cuttingLocales);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <dl className="bundle-ticket-facts">
      <div>
        <dt>{t('ticket.order')}</dt>
        <dd className="bundle-ticket-order">{ticket.orderNo}</dd>
      </div>
      <div>
        <dt>{t('ticket.style')}</dt>
        <dd>
          <strong>{ticket.styleCode}</strong> {ticket.styleName}
        </dd>
      </div>
      <div>
        <dt>{t('ticket.color')}</dt>
        <dd>{ticket.colorName}</dd>
      </div>
      <div>
        <dt>{t('ticket.size')}</dt>
        <dd className="bundle-ticket-size">{ticket.sizeName}</dd>
      </div>
      <div>
        <dt>{t('ticket.quantity')}</dt>
        <dd className="bundle-ticket-quantity">{number.format(ticket.quantity)}</dd>
      </div>
      <div>
        <dt>{t('ticket.bundleLay')}</dt>
        <dd>{t('ticket.bundleLayValue', { bundleNo: ticket.bundleNo, layNo: ticket.layNo })}</dd>
      </div>
    </dl>
  );
}

function Coupon({ ticket, coupon }: { ticket: BundleTicket; coupon: BundleTicket['coupons'][number] }) {
  const { t, i18n } = useFeatureTranslation('cutting', cuttingLocales);
  return (
    <div className="bundle-coupon" data-coupon={`${ticket.code}|${coupon.processCode}`}>
      <span className="bundle-coupon-process">
        {coupon.processCode} · {coupon.processName}
      </span>
      <span className="bundle-coupon-code">{ticket.code}</span>
      <span className="bundle-coupon-facts">
        {ticket.colorName} / {ticket.sizeName} · {t('ticket.pieces', { count: ticket.quantity, formatted: new Intl.NumberFormat(i18n.language).format(ticket.quantity) })}
      </span>
    </div>
  );
}

export function BundleTicketSheet({ tickets, layout, coupons }: BundleTicketSheetProps) {
  return (
    <div className={`bundle-ticket-sheet is-${layout}`} data-layout={layout}>
      {tickets.map((ticket) => (
        <article key={ticket.code} className="bundle-ticket" data-ticket={ticket.code}>
          <div className="bundle-ticket-main">
            <QrCode text={ticket.qr} className="bundle-ticket-qr" label={ticket.code} />
            <div className="bundle-ticket-body">
              <div className="bundle-ticket-code">{ticket.code}</div>
              <TicketFacts ticket={ticket} />
            </div>
          </div>
          {coupons && ticket.coupons.length > 0 && (
            <div className="bundle-coupons">
              {ticket.coupons.map((coupon) => (
                <Coupon key={coupon.processCode} ticket={ticket} coupon={coupon} />
              ))}
            </div>
          )}
        </article>
      ))}
    </div>
  );
}
