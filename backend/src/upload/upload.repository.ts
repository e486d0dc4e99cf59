import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { UploadKind } from '../../../contracts/admin-settings.js';
import { attachmentUrl, type Attachment } from '../../../contracts/attachments.js';
import { thumbnailUrl } from '../../../contracts/master-data.js';

export interface UploadRecord {
  id: string;
  kind: UploadKind;
  mime: string;
  name: string;
  width: number | null;
  height: number | null;
  bytes: number;
  createdBy: number | null;
}

/** Columns of an Attachment (contracts/attachments.ts), `u` being upload. */
const ATTACHMENT_COLUMNS = `
  u.id, u.name, u.number::int AS number, u.kind, u.mime, u.bytes AS size, u.width, u.height,
  u.created_by AS "uploadedById", COALESCE(NULLIF(usr.nickname, ''), usr.username) AS "uploadedByName",
  u.created_at AS "uploadedAt"`;

/** The columns stored as the contract has them, plus the uploader, time and owner as read. */
type AttachmentRow = Pick<Attachment, 'id' | 'name' | 'number' | 'kind' | 'mime' | 'size' | 'width' | 'height'> & {
  uploadedById: number | null;
  uploadedByName: string | null;
  uploadedAt: Date;
  ownerId?: number | null;
};

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    kind: row.kind,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    uploadedBy: row.uploadedById === null ? null : { id: row.uploadedById, name: row.uploadedByName ?? '' },
    uploadedAt: new Date(row.uploadedAt).toISOString(),
    owner: row.ownerId ? { type: 'productionOrder', id: row.ownerId } : null,
    url: attachmentUrl(row.id),
    thumbnailUrl: row.kind === 'image' ? thumbnailUrl(row.id) : null,
  };
}

/** The upload table: one attachment record per stored file (bytes in upload_blob). */
@Injectable()
export class UploadRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, upload: UploadRecord): Promise<void> {
    await manager.query(
      `INSERT INTO upload (id, kind, mime, name, width, height, bytes, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [upload.id, upload.kind, upload.mime, upload.name, upload.width, upload.height, upload.bytes, upload.createdBy],
    );
  }

  async exists(id: string): Promise<boolean> {
    return uploadExists(this.dataSource.manager, id);
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<Attachment | null> {
    const rows: AttachmentRow[] = await manager.query(
      `SELECT ${ATTACHMENT_COLUMNS},
              (SELECT min(d.order_id) FROM production_order_document d WHERE d.upload_id = u.id) AS "ownerId"
         FROM upload u LEFT JOIN app_user usr ON usr.id = u.created_by
        WHERE u.id = $1`,
      [id],
    );
    return rows[0] ? toAttachment(rows[0]) : null;
  }

  /** What serving an upload needs of its record (no uploader, no owner). */
  async servingInfo(id: string): Promise<Pick<Attachment, 'kind' | 'name'> | null> {
    const rows: Pick<Attachment, 'kind' | 'name'>[] = await this.dataSource.query(`SELECT kind, name FROM upload WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** An order's documents, newest first. */
  async documentsOf(manager: EntityManager, orderId: number): Promise<Attachment[]> {
    const rows: AttachmentRow[] = await manager.query(
      `SELECT ${ATTACHMENT_COLUMNS}, d.order_id AS "ownerId"
         FROM production_order_document d
         JOIN upload u ON u.id = d.upload_id
         LEFT JOIN app_user usr ON usr.id = u.created_by
        WHERE d.order_id = $1
        ORDER BY d.added_at DESC, u.number DESC`,
      [orderId],
    );
    return rows.map(toAttachment);
  }
}

/**
 * Does the upload exist? Locks its row against the orphan cleanup (FOR KEY SHARE) until the
 * caller's transaction ends, so an id checked here and then referenced cannot be removed between.
 */
export async function uploadExists(manager: EntityManager, id: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM upload WHERE id = $1 FOR KEY SHARE`, [id]);
  return rows.length > 0;
}
