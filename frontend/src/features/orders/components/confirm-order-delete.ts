import type { TFunction } from 'i18next';
import { confirmDialog } from 'primereact/confirmdialog';
import { notifySuccess } from '../../../lib/notify';

/** Asks before deleting an order; on success says so and lets the list reload. */
export function confirmOrderDelete(t: TFunction, orderNo: string, remove: () => Promise<unknown>, onDeleted: () => void): void {
  confirmDialog({
    header: t('orders:list.confirmDeleteTitle'),
    message: t('orders:list.confirmDelete', { name: orderNo }),
    icon: 'pi pi-exclamation-triangle',
    defaultFocus: 'reject',
    acceptClassName: 'p-button-danger',
    acceptLabel: t('orders:list.delete'),
    rejectLabel: t('common:actions.cancel'),
    accept: async () => {
      try {
        await remove();
        notifySuccess(t('orders:list.deleted'));
        onDeleted();
      } catch {
        // The HTTP client shows the server's reason (reviewed, or production orders made from it).
      }
    },
  });
}
