import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** What is stored of an upload: the re-encoded image and its thumbnail, or a PDF as uploaded. */
export type BlobVariant = 'original' | 'image' | 'thumbnail';
export type ImageVariant = 'image' | 'thumbnail';

/** Upload ids: 128 random bits as hex. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * File bytes in PostgreSQL (table upload_blob), next to their attachment record: every instance
 * reads the same files, and backups, restores and clears include them. Files are small (at most
 * UPLOAD_SETTING_LIMITS.maxBytes.max) and read by id only; browsers cache them a day.
 */
@Injectable()
export class AttachmentStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Call inside the transaction that inserts the upload row. */
  async save(manager: EntityManager, id: string, files: Partial<Record<BlobVariant, Buffer>>): Promise<void> {
    for (const [variant, data] of Object.entries(files)) {
      await manager.query(`INSERT INTO upload_blob (upload_id, variant, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [id, variant, data]);
    }
  }

  /** The bytes, or null when there are none. */
  async read(id: string, variant: BlobVariant, manager: EntityManager = this.dataSource.manager): Promise<Buffer | null> {
    if (!UPLOAD_ID_PATTERN.test(id)) return null;
    const rows: { data: Buffer }[] = await manager.query(`SELECT data FROM upload_blob WHERE upload_id = $1 AND variant = $2`, [id, variant]);
    return rows[0]?.data ?? null;
  }
}
