// GET /api/admin/cutting/tickets?layId= | orderId= (permission Cutting): the bundle tickets to print.
import type { BundleTicket } from '@contracts/bundles';
import { apiGet } from '../../../lib/http-client';

export type TicketSource = { layId: number } | { orderId: number };

export function getBundleTickets(source: TicketSource): Promise<BundleTicket[]> {
  return apiGet<BundleTicket[]>('/admin/cutting/tickets', { params: source, silent: true });
}
