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
