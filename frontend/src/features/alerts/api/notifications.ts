// /api/admin/notifications: the caller's own notifications of delay alerts (contracts/alerts.ts).
import type { NotificationList } from '@contracts/alerts';
import { apiGet, apiPost } from '../../../lib/http-client';

/** Silent: the bell says itself when it cannot load; a toast on every retry would pile up. */
export function fetchNotifications(): Promise<NotificationList> {
  return apiGet<NotificationList>('/admin/notifications', { silent: true });
}

export function markNotificationRead(id: number): Promise<{ unread: number }> {
  return apiPost<{ unread: number }>(`/admin/notifications/${id}/read`, {}, { silent: true });
}

export function markAllNotificationsRead(): Promise<{ unread: number }> {
  return apiPost<{ unread: number }>('/admin/notifications/read-all', {}, { silent: true });
}
