// "Print bundle tickets" of one lay or a whole order: a preview in a dialog with the layout (A4
// sheet or label printer) and the tear-off coupons to choose, and the same tickets as the print
// copy (components/print/PrintCopy, as the job tickets print).
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { SelectButton } from 'primereact/selectbutton';
import type { BundleTicket } from '@contracts/bundles';
import { PrintCopy } from '../../../components/print/PrintCopy';
import { getBundleTickets, type TicketSource } from '../api/get-bundle-tickets';
import { BundleTicketSheet, type TicketLayout } from './BundleTicketSheet';
import './bundle-tickets.css';
import { useFeatureTranslation } from '../../../lib/i18n';
import { cuttingLocales } from '../locales';

export interface BundleTicketDialogProps {
  /** What to print; null hides the dialog. */
  source: TicketSource | null;
  /** The dialog's title ("Lay 3 · PO…" / "PO…"). */
  title: string;
  onHide: () => void;
  fetchTickets?: typeof getBundleTickets;
}

const LAYOUT_KEY = 'stitchboard.bundleTickets.layout';

function storedLayout(): TicketLayout {
  try {
    return localStorage.getItem(LAYOUT_KEY) === 'label' ? 'label' : 'sheet';
  } catch {
    return 'sheet';
  }
}

export function BundleTicketDialog({ source, title, onHide, fetchTickets = getBundleTickets }: BundleTicketDialogProps) {
  const { t } = useFeatureTranslation('cutting', cuttingLocales);
  const [tickets, setTickets] = useState<BundleTicket[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // The site's printer stays what it was last time.
  const [layout, setLayout] = useState<TicketLayout>(storedLayout);
  const [coupons, setCoupons] = useState(false);
  const visible = source !== null;
  const sourceKey = source ? JSON.stringify(source) : '';

  useEffect(() => {
    if (!sourceKey) return;
    let live = true;
    setTickets(null);
    setFailed(null);
    fetchTickets(JSON.parse(sourceKey) as TicketSource).then(
      (loaded) => live && setTickets(loaded),
      (error: Error) => live && setFailed(error.message || t('tickets.loadFailed')),
    );
    return () => {
      live = false;
    };
  }, [sourceKey, fetchTickets, t]);

  const chooseLayout = (next: TicketLayout) => {
    setLayout(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next);
    } catch {
      // Private mode: the choice lasts this dialog only.
    }
  };

  const footer = (
    <div className="bundle-ticket-footer">
      <Button type="button" label={t('tickets.close')} icon="pi pi-times" text severity="secondary" onClick={onHide} />
      <Button type="button" label={t('tickets.print')} icon="pi pi-print" disabled={!tickets?.length} onClick={() => window.print()} data-testid="bundle-ticket-print" autoFocus />
    </div>
  );

  return (
    <>
      <Dialog header={title} visible={visible} onHide={onHide} footer={footer} className="bundle-ticket-dialog" style={{ width: 'min(60rem, 96vw)' }} breakpoints={{ '640px': '100vw' }} maximizable>
        <div className="bundle-ticket-options">
          <SelectButton
            value={layout}
            options={[
              { value: 'sheet', label: t('tickets.layoutSheet') },
              { value: 'label', label: t('tickets.layoutLabel') },
            ]}
            onChange={(event) => event.value && chooseLayout(event.value as TicketLayout)}
            allowEmpty={false}
            aria-label={t('tickets.layout')}
            data-testid="ticket-layout"
          />
          <label className="bundle-ticket-coupons-toggle">
            <Checkbox inputId="bundle-ticket-coupons" checked={coupons} onChange={(event) => setCoupons(Boolean(event.checked))} data-testid="ticket-coupons" />
            <span>{t('tickets.coupons')}</span>
          </label>
          {tickets && <span className="muted">{t('tickets.count', { count: tickets.length })}</span>}
        </div>
        {failed ? (
          <Message severity="error" text={failed} />
        ) : !tickets ? (
          <div className="bundle-ticket-loading">
            <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" />
          </div>
        ) : tickets.length === 0 ? (
          <Message severity="info" text={t('tickets.none')} />
        ) : (
          <>
            <p className="muted bundle-ticket-hint">{t(layout === 'label' ? 'tickets.hintLabel' : 'tickets.hintSheet')}</p>
            <div className="bundle-ticket-preview">
              <BundleTicketSheet tickets={tickets} layout={layout} coupons={coupons} />
            </div>
          </>
        )}
      </Dialog>
      <PrintCopy active={visible} className={`bundle-ticket-print is-${layout}`}>
        {tickets && <BundleTicketSheet tickets={tickets} layout={layout} coupons={coupons} />}
      </PrintCopy>
    </>
  );
}
