import type { EntityManager } from 'typeorm';
import { PERMISSION_ADMIN } from '../../../contracts/users.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';

/**
 * The one rule for a production document (the scanned order sheet): users who may view the
 * attachments of a process on the order's route, or who hold the Permission screen. Used by
 * GET productionOrder/document and by GET upload/image/<id> when that id is a document, so the
 * generic image URL never serves a document the document endpoint would refuse.
 */
export async function mayViewProductionDocument(manager: EntityManager, user: AuthenticatedUser, orderId: number): Promise<boolean> {
  if (user.permissions.includes(PERMISSION_ADMIN)) return true;
  if (!user.attachmentProcessIds.length) return false;
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM production_order_step WHERE order_id = $1 AND process_id = ANY ($2::int[]) LIMIT 1`,
    [orderId, user.attachmentProcessIds],
  );
  return rows.length > 0;
}

/**
 * May this user see the upload `id`? Any logged-in user, unless it is a document of one or more
 * production orders (production_order_document, or the legacy production_order.document): then
 * only if the document rule lets them see one of those orders. Every path that serves a file
 * (upload/image, upload/file, productionOrder/document) goes through here or the rule above.
 */
export async function mayViewUpload(manager: EntityManager, user: AuthenticatedUser, id: string): Promise<boolean> {
  const orders: { id: number }[] = await manager.query(
    `SELECT order_id AS id FROM production_order_document WHERE upload_id = $1
     UNION SELECT id FROM production_order WHERE document = $1`,
    [id],
  );
  for (const order of orders) if (await mayViewProductionDocument(manager, user, order.id)) return true;
  return orders.length === 0;
}
