// A new production order, three ways: from a sales order, direct entry, or an Excel import.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { TabPanel, TabView } from '../../../components/tabs/TabView';
import { ORDER_PATHS } from '../../../config/paths';
import { FromSaleOrderPanel } from './FromSaleOrderPanel';
import { ImportPanel } from './ImportPanel';
import { ProductionOrderForm } from './ProductionOrderForm';
import '../orders.css';

export function ProductionOrderCreatePage() {
  const { t } = useTranslation('orders');
  const [, navigate] = useLocation();
  const toList = () => navigate(ORDER_PATHS.productionOrderIndex);
  return (
    <div className="page order-form-page" data-testid="production-order-create">
      <header className="page-header page-header-row">
        <h1>{t('routes.productionOrderCreate')}</h1>
        <Button type="button" label={t('form.back')} icon="pi pi-arrow-left" text severity="secondary" onClick={toList} />
      </header>
      <TabView className="order-create-tabs">
        <TabPanel header={t('production.createFromSaleOrder')} leftIcon="pi pi-shopping-cart">
          <Card className="form-card">
            <FromSaleOrderPanel onCreated={toList} />
          </Card>
        </TabPanel>
        <TabPanel header={t('production.createDirect')} leftIcon="pi pi-pencil">
          <ProductionOrderForm id={null} />
        </TabPanel>
        <TabPanel header={t('production.createImport')} leftIcon="pi pi-file-excel">
          <Card className="form-card">
            <ImportPanel onImported={toList} />
          </Card>
        </TabPanel>
      </TabView>
    </div>
  );
}
