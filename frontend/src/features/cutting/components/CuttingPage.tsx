// /cutting/:orderId (route CuttingUpdate, permission Cutting): one production order's cutting —
// ordered vs cut per colour × size, its lays (new, edit, delete, print their tickets) and its
// bundles with where each is. Live through the order's room (scans, lays saved elsewhere).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { TabPanel, TabView } from '../../../components/tabs/TabView';
import type { LayRecord } from '@contracts/bundles';
import { LiveBadge } from '../../../components/LiveBadge';
import { OrderOverviewIconLink } from '../../../components/OrderOverviewLink';
import { ORDER_PATHS, type RouteScreenProps } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { deleteLay } from '../api/lay';
import type { TicketSource } from '../api/get-bundle-tickets';
import { useOrderCutting, type OrderCuttingOptions } from '../hooks/use-order-cutting';
import { BundleListPanel, type BundleListPanelProps } from './BundleListPanel';
import { BundleTicketDialog, type BundleTicketDialogProps } from './BundleTicketDialog';
import { CutGrid } from './CutGrid';
import { LayFormDialog, type LayFormApi } from './LayFormDialog';
import { LayList } from './LayList';
import '../cutting.css';
import { useFeatureTranslation } from '../../../lib/i18n';
import { cuttingLocales } from '../locales';

/** Tests give the page fake fetchers and a fake socket. */
export interface CuttingPageOptions extends OrderCuttingOptions {
  layApi?: Partial<LayFormApi>;
  remove?: typeof deleteLay;
  bundleList?: Pick<BundleListPanelProps, 'fetchList' | 'fetchProcesses'>;
  fetchTickets?: BundleTicketDialogProps['fetchTickets'];
}

export function CuttingPage({ params, options = {} }: RouteScreenProps & { options?: CuttingPageOptions }) {
  const { t } = useFeatureTranslation('cutting', cuttingLocales);
  const [, navigate] = useLocation();
  const orderId = Number(params.orderId);
  const valid = Number.isInteger(orderId) && orderId > 0 && orderId <= 2_147_483_647;
  const { cutting, loading, error, notFound, deleted, liveAt, revision, reload } = useOrderCutting(valid ? orderId : 0, options);
  const [form, setForm] = useState<{ lay: LayRecord | null } | null>(null);
  const [printing, setPrinting] = useState<{ source: TicketSource; title: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const remove = options.remove ?? deleteLay;

  const back = (
    <Button type="button" label={t('page.back')} icon="pi pi-arrow-left" text onClick={() => (window.history.length > 1 ? window.history.back() : navigate(ORDER_PATHS.productionOrderIndex))} />
  );

  if (!valid || notFound) {
    return (
      <div className="page cutting-page">
        <Message severity="error" text={t('page.notFound')} />
        {back}
      </div>
    );
  }

  if (!cutting) {
    return (
      <div className="page cutting-page" data-testid="cutting-page">
        {error && !loading ? (
          <div className="cutting-error">
            <Message severity="error" text={t('page.loadFailed')} />
            <Button type="button" label={t('page.retry')} icon="pi pi-refresh" onClick={() => void reload()} />
          </div>
        ) : (
          <Skeleton height="16rem" />
        )}
      </div>
    );
  }

  const canLay = cutting.cuttingProcessId !== null;
  const confirmDelete = (lay: LayRecord) =>
    confirmDialog({
      header: t('lays.confirmDeleteHeader'),
      message: t('lays.confirmDelete', { layNo: lay.layNo, bundles: lay.bundleCount }),
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('lays.delete'),
      rejectLabel: t('form.cancel'),
      accept: async () => {
        setActionError(null);
        try {
          await remove(lay.id, lay.version);
          notifySuccess(t('lays.deleted', { layNo: lay.layNo }));
        } catch (failure) {
          setActionError(t('lays.deleteFailed', { message: (failure as Error).message }));
        }
        await reload();
      },
    });

  return (
    <div className="page cutting-page" data-testid="cutting-page">
      <header className="page-header page-header-row cutting-header">
        <div>
          <h1 className="title-with-badge">
            {t('page.title', { orderNo: cutting.orderNo })}
            <OrderOverviewIconLink id={cutting.orderId} orderNo={cutting.orderNo} />
            <LiveBadge lastEventAt={liveAt} />
          </h1>
          <p className="muted cutting-subtitle">{t('page.subtitle')}</p>
        </div>
        <div className="cutting-actions">
          {back}
          <Button
            type="button"
            label={t('page.printAll')}
            icon="pi pi-print"
            outlined
            disabled={cutting.lays.length === 0}
            onClick={() => setPrinting({ source: { orderId: cutting.orderId }, title: t('page.printAllTitle', { orderNo: cutting.orderNo }) })}
            data-testid="print-all-tickets"
          />
          <Button type="button" label={t('page.addLay')} icon="pi pi-plus" disabled={!canLay} onClick={() => setForm({ lay: null })} data-testid="add-lay" />
        </div>
      </header>
      {deleted && <Message severity="warn" text={t('page.deleted')} className="cutting-note" />}
      {!canLay && <Message severity="warn" text={t('page.noCuttingProcess')} className="cutting-note" data-testid="no-cutting-process" />}
      {actionError && <Message severity="error" text={actionError} className="cutting-note" data-testid="cutting-action-error" />}

      <CutGrid cutting={cutting} />

      <TabView className="cutting-tabs" aria-label={t('page.tabs')}>
        <TabPanel header={`${t('page.tabLays')} (${cutting.lays.length})`}>
          <LayList
            lays={cutting.lays}
            canEdit={canLay}
            onEdit={(lay) => setForm({ lay })}
            onDelete={confirmDelete}
            onPrint={(lay) => setPrinting({ source: { layId: lay.id }, title: t('lays.printTitle', { layNo: lay.layNo, orderNo: cutting.orderNo }) })}
          />
        </TabPanel>
        <TabPanel header={t('page.tabBundles')}>
          <BundleListPanel cutting={cutting} revision={revision} {...options.bundleList} />
        </TabPanel>
      </TabView>

      <LayFormDialog
        cutting={cutting}
        lay={form?.lay ?? null}
        visible={form !== null}
        onHide={() => setForm(null)}
        onSaved={(lay) => {
          setForm(null);
          notifySuccess(t('form.saved', { layNo: lay.layNo, bundles: lay.bundleCount }));
          void reload();
        }}
        api={options.layApi}
      />
      <BundleTicketDialog source={printing?.source ?? null} title={printing?.title ?? ''} onHide={() => setPrinting(null)} fetchTickets={options.fetchTickets} />
    </div>
  );
}
