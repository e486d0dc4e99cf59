// /api/admin/alerts/following | follow | unfollow: orders whose delay alerts the caller is told
// about (contracts/alerts.ts "Who is told").
import { apiGet, apiPost } from '../../../lib/http-client';

export function getFollowedOrders(): Promise<{ orderIds: number[] }> {
  return apiGet<{ orderIds: number[] }>('/admin/alerts/following', { silent: true });
}

export function setFollowing(orderId: number, follow: boolean): Promise<{ orderIds: number[] }> {
  return apiPost<{ orderIds: number[] }>(follow ? '/admin/alerts/follow' : '/admin/alerts/unfollow', { orderId });
}
