import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { IN_MEMORY_DATA_DIR } from '../database/embedded-postgres.js';
import { AttachmentStore, UPLOAD_ID_PATTERN } from './attachment-store.js';

/** Where releases before the attachment store kept image files: DATA_DIR/uploads/<2 hex>/<id>.webp (+ .thumb.webp). */
export function legacyUploadPaths(root: string, id: string): { image: string; thumbnail: string } {
  const folder = join(root, id.slice(0, 2));
  return { image: join(folder, `${id}.webp`), thumbnail: join(folder, `${id}.thumb.webp`) };
}

const readIfThere = (path: string) => readFile(path).catch(() => null);

/**
 * Copies image files an earlier release wrote under DATA_DIR/uploads into the database, once, at
 * boot: only uploads with no stored bytes yet are looked for, and inserting a variant twice does
 * nothing, so it is safe to run on every boot and on several instances at once. The files are
 * left where they are (nothing is deleted from an existing install).
 */
@Injectable()
export class LegacyFileImport implements OnApplicationBootstrap {
  private readonly logger = new Logger('Attachments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: AttachmentStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.DATA_DIR === IN_MEMORY_DATA_DIR) return;
    await this.importFrom(join(this.config.DATA_DIR, 'uploads'));
  }

  /** Imports what is missing from `root`; returns how many uploads got their bytes. */
  async importFrom(root: string): Promise<number> {
    if (!existsSync(root)) return 0;
    const missing: { id: string }[] = await this.dataSource.query(
      `SELECT u.id FROM upload u WHERE u.kind = 'image' AND NOT EXISTS (SELECT 1 FROM upload_blob b WHERE b.upload_id = u.id)`,
    );
    let imported = 0;
    for (const { id } of missing) {
      if (!UPLOAD_ID_PATTERN.test(id)) continue;
      const paths = legacyUploadPaths(root, id);
      const [image, thumbnail] = await Promise.all([readIfThere(paths.image), readIfThere(paths.thumbnail)]);
      if (!image) continue;
      await this.dataSource.transaction((manager) => this.store.save(manager, id, thumbnail ? { image, thumbnail } : { image }));
      imported++;
    }
    if (imported) this.logger.log(`imported ${imported} image file(s) from ${root} into the database`);
    if (missing.length > imported) this.logger.warn(`${missing.length - imported} upload(s) have no file under ${root}`);
    return imported;
  }
}
