import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface UploadRecord {
  id: string;
  kind: 'image';
  mime: string;
  width: number;
  height: number;
  bytes: number;
  createdBy: number | null;
}

/** The upload table: one row per stored image. */
@Injectable()
export class UploadRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(upload: UploadRecord): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO upload (id, kind, mime, width, height, bytes, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [upload.id, upload.kind, upload.mime, upload.width, upload.height, upload.bytes, upload.createdBy],
    );
  }

  async exists(id: string): Promise<boolean> {
    return uploadExists(this.dataSource.manager, id);
  }
}

export async function uploadExists(manager: EntityManager, id: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM upload WHERE id = $1`, [id]);
  return rows.length > 0;
}
