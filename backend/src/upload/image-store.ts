import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { IN_MEMORY_DATA_DIR } from '../database/embedded-postgres.js';

export type ImageVariant = 'image' | 'thumbnail';

/** Upload ids: 128 random bits as hex. Only ids of this form ever become part of a path. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * Image files under DATA_DIR/uploads/<first two hex digits>/<id>.webp (and .thumb.webp): outside
 * the web root, so only the upload endpoints serve them, after their session check. The
 * two-character folders keep any one directory small.
 */
export class ImageStore {
  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  static fromConfig(config: AppConfig): ImageStore {
    // An in-memory database (tests) gets throw-away files to match.
    if (config.DATA_DIR === IN_MEMORY_DATA_DIR) return new ImageStore(mkdtempSync(join(tmpdir(), 'stitchboard-uploads-')), true);
    return new ImageStore(join(config.DATA_DIR, 'uploads'), false);
  }

  pathOf(id: string, variant: ImageVariant): string {
    if (!UPLOAD_ID_PATTERN.test(id)) throw new Error(`not an upload id: ${id}`);
    return join(this.root, id.slice(0, 2), variant === 'thumbnail' ? `${id}.thumb.webp` : `${id}.webp`);
  }

  async save(id: string, files: Record<ImageVariant, Buffer>): Promise<void> {
    await mkdir(join(this.root, id.slice(0, 2)), { recursive: true });
    for (const variant of ['image', 'thumbnail'] as const) {
      // Written aside and renamed: a reader never sees half a file.
      const path = this.pathOf(id, variant);
      await writeFile(`${path}.part`, files[variant], { mode: 0o640 });
      await rename(`${path}.part`, path);
    }
  }

  /** The file's bytes, or null when it is not there. */
  async read(id: string, variant: ImageVariant): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(id, variant));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await Promise.all((['image', 'thumbnail'] as const).map((variant) => rm(this.pathOf(id, variant), { force: true })));
  }

  /** Removes the temporary folder of an in-memory run; real data is never touched. */
  async dispose(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}
