import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { isRouteAllowed } from '@contracts/routes';
import { ORDER_PATHS, PRODUCTION_PATHS, type RouteScreenProps } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { JobTicketDialog } from './JobTicketDialog';
import { ProductionOrderForm } from './ProductionOrderForm';

export function ProductionOrderUpdatePage({ params }: RouteScreenProps) {
  const { t } = useTranslation('orders');
  const [, navigate] = useLocation();
  const id = Number(params.id);
  const [printing, setPrinting] = useState(false);
  const mayCut = useSession((session) => isRouteAllowed('CuttingUpdate', session.permissions));
  return (
    <div className="page order-form-page">
      <header className="page-header page-header-row">
        <h1>{t('routes.productionOrderUpdate')}</h1>
        <div className="page-actions">
          <Button type="button" label={t('ticket.button')} icon="pi pi-print" outlined onClick={() => setPrinting(true)} data-testid="print-tickets" />
          {mayCut && <Button type="button" label={t('cutting.button')} icon="pi pi-th-large" outlined onClick={() => navigate(PRODUCTION_PATHS.cutting(id))} data-testid="open-cutting" />}
          <Button type="button" label={t('form.back')} icon="pi pi-arrow-left" text severity="secondary" onClick={() => navigate(ORDER_PATHS.productionOrderIndex)} />
        </div>
      </header>
      <ProductionOrderForm key={id} id={id} />
      <JobTicketDialog orderId={printing ? id : null} onHide={() => setPrinting(false)} />
    </div>
  );
}
