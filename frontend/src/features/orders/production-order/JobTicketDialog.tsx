// "Print job tickets" of a production order: a preview in a dialog, and the same tickets in a
// print-only copy directly under <body> (components/print/PrintCopy: the dialog scrolls and is
// clipped; the copy is not, and while the dialog is open print shows only that copy).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { ProductionOrder } from '@contracts/orders';
import { PrintCopy } from '../../../components/print/PrintCopy';
import { getMasterDataOptions } from '../../base-data/api/get-master-data-options';
import { getProductionOrder } from '../api/production-orders';
import { formatQuantity } from '../model/format';
import { jobTicketsOf, type JobTickets } from './job-tickets';
import './job-tickets.css';

export interface JobTicketDialogProps {
  /** The order to print; null hides the dialog. */
  orderId: number | null;
  onHide: () => void;
}

type Loaded = { order: ProductionOrder; tickets: JobTickets; svgs: Record<string, string> };

async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
}

function Qr({ payload, svgs, className }: { payload: string; svgs: Record<string, string>; className: string }) {
  // The SVG is produced by the qrcode library from our own payload: paths only, no text.
  return <span className={`ticket-qr ${className}`} role="img" aria-label={payload} data-payload={payload} dangerouslySetInnerHTML={{ __html: svgs[payload] ?? '' }} />;
}

function TicketSheet({ loaded }: { loaded: Loaded }) {
  const { t, i18n } = useTranslation('orders');
  const { order, tickets, svgs } = loaded;
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const { summary } = tickets;
  return (
    <div className="ticket-sheet">
      <article className="ticket ticket-order" data-ticket={tickets.orderPayload}>
        <Qr payload={tickets.orderPayload} svgs={svgs} className="is-large" />
        <div className="ticket-order-body">
          <div className="ticket-kind">{t('ticket.orderTicket')}</div>
          <div className="ticket-order-no">{order.orderNo}</div>
          <dl className="ticket-facts">
            <div>
              <dt>{t('fields.customer')}</dt>
              <dd>{order.customerLabel}</dd>
            </div>
            {order.customerOrderNo && (
              <div>
                <dt>{t('fields.customerOrderNo')}</dt>
                <dd>{order.customerOrderNo}</dd>
              </div>
            )}
            <div>
              <dt>{t('fields.style')}</dt>
              <dd>
                <strong>{order.goodsCode}</strong> {order.productName}
              </dd>
            </div>
            <div>
              <dt>{t('fields.deliveryDate')}</dt>
              <dd>{order.deliveryDate}</dd>
            </div>
            <div>
              <dt>{t('fields.totalQuantity')}</dt>
              <dd className="ticket-total">{quantity(order.totalQuantity)}</dd>
            </div>
          </dl>
        </div>
        {summary.rows.length > 0 && (
          <table className="ticket-summary">
            <caption>{t('ticket.summary')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ticket.colorSize')}</th>
                {summary.sizes.map((size) => (
                  <th key={size.id} scope="col">
                    {size.name}
                  </th>
                ))}
                <th scope="col">{t('ticket.total')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.name}</th>
                  {row.quantities.map((value, index) => (
                    <td key={summary.sizes[index].id}>{value ? quantity(value) : ''}</td>
                  ))}
                  <td className="ticket-summary-total">{quantity(row.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('ticket.total')}</th>
                {summary.sizeTotals.map((value, index) => (
                  <td key={summary.sizes[index].id}>{quantity(value)}</td>
                ))}
                <td className="ticket-summary-total">{quantity(summary.total)}</td>
              </tr>
            </tfoot>
          </table>
        )}
      </article>

      {tickets.processes.length > 0 && (
        <div className="ticket-process-grid">
          {tickets.processes.map((ticket) => (
            <article key={ticket.payload} className="ticket ticket-process" data-ticket={ticket.payload}>
              <div className="ticket-process-head">
                <span className="ticket-process-seq">{t('ticket.step', { sequence: ticket.sequence, count: tickets.processes.length })}</span>
                <span className="ticket-process-name">
                  {ticket.code} · {ticket.name}
                </span>
              </div>
              <div className="ticket-process-body">
                <Qr payload={ticket.payload} svgs={svgs} className="is-small" />
                <div className="ticket-process-facts">
                  <div className="ticket-process-order">{order.orderNo}</div>
                  <div>{order.goodsCode}</div>
                  <div>
                    {t('fields.quantity')} {quantity(order.totalQuantity)}
                  </div>
                  {ticket.dueDate && (
                    <div>
                      {t('ticket.due')} {ticket.dueDate}
                    </div>
                  )}
                </div>
              </div>
              <div className="ticket-sign">
                <span>{t('ticket.worker')}</span>
                <span>{t('ticket.date')}</span>
              </div>
            </article>
          ))}
        </div>
      )}
    </div>
  );
}

export function JobTicketDialog({ orderId, onHide }: JobTicketDialogProps) {
  const { t } = useTranslation('orders');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const visible = orderId !== null;

  useEffect(() => {
    if (orderId === null) return;
    let live = true;
    setLoaded(null);
    setFailed(false);
    void (async () => {
      try {
        const [order, processes] = await Promise.all([getProductionOrder(orderId), getMasterDataOptions('process')]);
        const tickets = jobTicketsOf(order, processes);
        const payloads = [tickets.orderPayload, ...tickets.processes.map((ticket) => ticket.payload)];
        const svgs = Object.fromEntries(await Promise.all(payloads.map(async (payload) => [payload, await qrSvg(payload)] as const)));
        if (live) setLoaded({ order, tickets, svgs });
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
    };
  }, [orderId]);

  const footer = (
    <div className="ticket-dialog-footer">
      <Button type="button" label={t('ticket.close')} icon="pi pi-times" text severity="secondary" onClick={onHide} />
      <Button type="button" label={t('ticket.print')} icon="pi pi-print" disabled={!loaded} onClick={() => window.print()} data-testid="ticket-print" autoFocus />
    </div>
  );

  return (
    <>
      <Dialog
        header={loaded ? t('ticket.titleOf', { orderNo: loaded.order.orderNo }) : t('ticket.title')}
        visible={visible}
        onHide={onHide}
        footer={footer}
        className="ticket-dialog"
        style={{ width: 'min(60rem, 96vw)' }}
        breakpoints={{ '640px': '100vw' }}
        maximizable
        data-testid="ticket-dialog"
      >
        {failed ? (
          <Message severity="error" text={t('ticket.loadFailed')} />
        ) : !loaded ? (
          <div className="ticket-loading">
            <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" />
          </div>
        ) : (
          <>
            {loaded.tickets.processes.length === 0 && <Message severity="warn" text={t('ticket.noRoute')} className="ticket-note" />}
            {loaded.tickets.missingCodes.length > 0 && <Message severity="warn" text={t('ticket.missingCodes', { count: loaded.tickets.missingCodes.length })} className="ticket-note" />}
            <p className="muted ticket-hint">{t('ticket.hint')}</p>
            <div className="ticket-preview">
              <TicketSheet loaded={loaded} />
            </div>
          </>
        )}
      </Dialog>
      <PrintCopy active={visible} className="job-ticket-print">
        {loaded && <TicketSheet loaded={loaded} />}
      </PrintCopy>
    </>
  );
}
