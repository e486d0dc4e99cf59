import type { EntityManager } from 'typeorm';
import { DomainException } from '../common/errors/domain.exception.js';
import { UPLOAD_ID_PATTERN } from './attachment-store.js';
import { uploadExists } from './upload.repository.js';

/**
 * For image fields of other records (goods.image, color.cardImage, company.logo): the value must
 * be the id of an uploaded image. Call it in the write's transaction (`tx.manager`), from a
 * service's beforeWrite; null or undefined (no image) passes.
 */
export async function assertUploadExists(manager: EntityManager, id: unknown, field = 'image'): Promise<void> {
  if (id === null || id === undefined) return;
  if (typeof id !== 'string' || !UPLOAD_ID_PATTERN.test(id) || !(await uploadExists(manager, id))) {
    throw new DomainException('uploadNotFound', {}, { field });
  }
}

/**
 * For the boards' logo, which `GET setting/logo` serves to anyone: an existing image that is not
 * a production order's document (those are shown only to who may see the order, document-access.ts).
 */
export async function assertPublishableImage(manager: EntityManager, id: unknown, field: string): Promise<void> {
  await assertUploadExists(manager, id, field);
  if (id === null || id === undefined) return;
  const [row]: { publishable: boolean }[] = await manager.query(
    `SELECT u.kind = 'image'
            AND NOT EXISTS (SELECT 1 FROM production_order_document d WHERE d.upload_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM production_order o WHERE o.document = u.id) AS publishable
       FROM upload u WHERE u.id = $1`,
    [id],
  );
  if (!row?.publishable) throw new DomainException('logoNotPublishable', {}, { field });
}
