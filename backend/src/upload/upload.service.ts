import { Inject, Injectable, type OnModuleDestroy, StreamableFile } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { imageUrl, thumbnailUrl, type UploadedImage } from '../../../contracts/master-data.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthService } from '../auth/auth.service.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { mayViewUpload } from './document-access.js';
import { encodeImage } from './image-encoder.js';
import { ImageStore, UPLOAD_ID_PATTERN, type ImageVariant } from './image-store.js';
import { UploadQuota } from './upload-quota.js';
import { UploadRepository } from './upload.repository.js';

/** The multipart field that carries the image. */
export const IMAGE_FIELD = 'file';

@Injectable()
export class UploadService implements OnModuleDestroy {
  constructor(
    @Inject(ImageStore) private readonly store: ImageStore,
    private readonly uploads: UploadRepository,
    private readonly auth: AuthService,
    private readonly quota: UploadQuota,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Checks, re-encodes and stores an uploaded image (the endpoint's multipart parser put it in memory). */
  async saveImage(file: Express.Multer.File | undefined, userId: number): Promise<UploadedImage> {
    if (!file) throw new DomainException('validation', {}, { field: IMAGE_FIELD, problem: 'required', label: { 'zh-CN': '图片', en: 'Image' } });
    await this.quota.consumeBytes(userId, file.size);
    const encoded = await encodeImage(file.buffer);
    const id = randomBytes(16).toString('hex');
    await this.store.save(id, { image: encoded.image, thumbnail: encoded.thumbnail });
    try {
      await this.uploads.insert({
        id,
        kind: 'image',
        mime: 'image/webp',
        width: encoded.width,
        height: encoded.height,
        bytes: encoded.image.length,
        createdBy: userId,
      });
    } catch (error) {
      await this.store.remove(id);
      throw error;
    }
    return { id, url: imageUrl(id), thumbnailUrl: thumbnailUrl(id), width: encoded.width, height: encoded.height };
  }

  /**
   * An image for a logged-in user. The endpoint is public to the access guard (an <img> cannot
   * send the token header), so the session is checked here, from the header or the cookie.
   */
  async openImage(id: string, variant: ImageVariant, token: string | undefined): Promise<StreamableFile> {
    if (!token) throw new DomainException('unauthorized');
    const user = await this.auth.authenticate(token);
    if (!user) throw new DomainException('tokenInvalid');
    if (!UPLOAD_ID_PATTERN.test(id)) {
      throw new DomainException('validation', {}, { field: 'id', problem: 'invalid', label: { 'zh-CN': '图片编号', en: 'Image id' } });
    }
    // A production document only through the document rule.
    if (!(await mayViewUpload(this.dataSource.manager, user, id))) throw new DomainException('forbidden');
    const bytes = (await this.uploads.exists(id)) ? await this.store.read(id, variant) : null;
    if (!bytes) throw new DomainException('notFound');
    return new StreamableFile(bytes, { type: 'image/webp', length: bytes.length });
  }

  async onModuleDestroy(): Promise<void> {
    await this.store.dispose();
  }
}
