import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { ORDER_PATHS, type RouteScreenProps } from '../../../config/paths';
import { JobTicketDialog } from './JobTicketDialog';
import { ProductionOrderForm } from './ProductionOrderForm';

export function ProductionOrderUpdatePage({ params }: RouteScreenProps) {
  const { t } = useTranslation('orders');
  const [, navigate] = useLocation();
  const id = Number(params.id);
  const [printing, setPrinting] = useState(false);
  return (
    <div className="page order-form-page">
      <header className="page-header page-header-row">
        <h1>{t('routes.productionOrderUpdate')}</h1>
        <div className="page-actions">
          <Button type="button" label={t('ticket.button')} icon="pi pi-print" outlined onClick={() => setPrinting(true)} data-testid="print-tickets" />
          <Button type="button" label={t('form.back')} icon="pi pi-arrow-left" text severity="secondary" onClick={() => navigate(ORDER_PATHS.productionOrderIndex)} />
        </div>
      </header>
      <ProductionOrderForm key={id} id={id} />
      <JobTicketDialog orderId={printing ? id : null} onHide={() => setPrinting(false)} />
    </div>
  );
}
