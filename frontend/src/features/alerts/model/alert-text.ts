// One sentence per alert, shared by the bell's list and the toast.
import { PACE_WINDOW_DAYS, type DelayAlert } from '@contracts/alerts';
import { formatDate } from '../../../lib/format-date';

/** i18next's `t` or the app's: keys carry their namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function alertText(alert: DelayAlert, t: Translate): string {
  const { detail, orderNo } = alert;
  const delivery = formatDate(detail.deliveryDate, 'YYYY-MM-DD', detail.deliveryDate);
  if (alert.kind === 'stepOverdue') {
    return t('alerts:message.stepOverdue', { orderNo, process: alert.processName ?? '', dueDate: detail.dueDate ?? '', done: detail.done ?? 0, planned: detail.planned ?? 0 });
  }
  if (!detail.projectedFinish) return t('alerts:message.deliveryStalled', { orderNo, days: PACE_WINDOW_DAYS, delivery });
  return t('alerts:message.deliveryAtRisk', { orderNo, days: PACE_WINDOW_DAYS, finish: formatDate(detail.projectedFinish, 'YYYY-MM-DD HH:mm'), delivery });
}
