// Production documents: which orders have their paper sheet uploaded, and a way to upload it.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Message } from 'primereact/message';
import { isRouteAllowed } from '@contracts/routes';
import { ORDER_PATHS } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { ChoiceFilter, DateRangeFilter, FilterBar, ReferenceFilter } from '../components/filters';
import { OrderListHeader } from '../components/OrderListHeader';
import { DocumentTag, ProductionOrderTable } from '../components/ProductionOrderTable';
import { useProductionOrderList } from '../hooks/use-production-order-list';
import '../orders.css';

export function DocumentListPage() {
  const { t } = useTranslation('orders');
  const [, navigate] = useLocation();
  const permissions = useSession((session) => session.permissions);
  const canUpload = isRouteAllowed('OrderCreate', permissions);
  const list = useProductionOrderList('orders.document');
  const filterProps = { filters: list.state.filters, setFilter: list.setFilter };
  return (
    <div className="page order-list-page" data-testid="document-list">
      <OrderListHeader title={t('routes.orderIndex')} list={list} onExport={() => list.exportList('document')} />
      <FilterBar>
        <ChoiceFilter
          label={t('document.state')}
          field="document"
          options={[
            { value: 'true', label: t('production.uploaded') },
            { value: 'false', label: t('production.notUploaded') },
          ]}
          {...filterProps}
        />
        <ReferenceFilter label={t('fields.customer')} entity="customer" field="customer" {...filterProps} />
        <DateRangeFilter label={t('fields.deliveryDate')} fromField="deliveryFrom" toField="deliveryTo" {...filterProps} />
      </FilterBar>
      {list.failed && <Message severity="error" text={t('list.loadFailed')} className="list-note" />}
      <ProductionOrderTable
        listKey="orders.document"
        list={list}
        showFlags={false}
        extraColumns={[
          { key: 'document', header: t('fields.document'), className: 'cell-flag', card: 'status', body: (row) => <DocumentTag order={row} /> },
          { key: 'uploadedAt', header: t('fields.documentUploadedAt'), className: 'cell-date', optional: true, body: (row) => formatDate(row.documentUploadedAt, 'YYYY-MM-DD HH:mm') },
        ]}
        actions={(row) =>
          canUpload
            ? [
                {
                  key: 'upload',
                  label: row.document ? t('production.view') : t('document.upload'),
                  icon: row.document ? 'pi pi-image' : 'pi pi-upload',
                  inline: true,
                  onSelect: () => navigate(`${ORDER_PATHS.orderCreate}?id=${row.id}`),
                  testId: `upload-${row.id}`,
                },
              ]
            : []
        }
      />
    </div>
  );
}
