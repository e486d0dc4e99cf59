import { Injectable, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { UploadKind, UploadSettings } from '../../../contracts/admin-settings.js';
import type { Attachment } from '../../../contracts/attachments.js';
import { imageUrl, thumbnailUrl, type UploadedImage } from '../../../contracts/master-data.js';
import { AuthService } from '../auth/auth.service.js';
import { attachmentDisposition } from '../common/http/content-disposition.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { AttachmentStore, UPLOAD_ID_PATTERN, type BlobVariant } from './attachment-store.js';
import { mayViewUpload } from './document-access.js';
import { encodeImage, isAcceptedImageType } from './image-encoder.js';
import { looksLikePdf } from './pdf-check.js';
import { UploadQuota } from './upload-quota.js';
import { readUploadSettings } from './upload-settings.js';
import { UploadRepository } from './upload.repository.js';

/** The multipart field that carries the file. */
export const IMAGE_FIELD = 'file';

const KIND_LABELS: Record<UploadKind, { 'zh-CN': string; en: string }> = {
  image: { 'zh-CN': '图片', en: 'images' },
  pdf: { 'zh-CN': 'PDF', en: 'PDFs' },
};

/** What a serving path hands to the controller. */
export interface ServedFile {
  file: StreamableFile;
  /** PDFs: always a download, never shown inline. */
  download: boolean;
}

/**
 * The file name as shown and downloaded: the last path segment, no control characters, at most
 * 255 characters. Multer hands over the raw header bytes as latin1; browsers send UTF-8.
 */
export function cleanFileName(raw: string | undefined, fallback: string): string {
  let name = raw ?? '';
  const utf8 = Buffer.from(name, 'latin1').toString('utf8');
  if (!utf8.includes('\uFFFD')) name = utf8;
  name = name
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 255);
  return name || fallback;
}

@Injectable()
export class UploadService {
  constructor(
    private readonly store: AttachmentStore,
    private readonly uploads: UploadRepository,
    private readonly auth: AuthService,
    private readonly quota: UploadQuota,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** An image for an image field (styles, colour cards, logo): checked, re-encoded and stored. */
  async saveImage(file: Express.Multer.File | undefined, userId: number): Promise<UploadedImage> {
    const saved = await this.dataSource.transaction((manager) => this.store_(manager, file, userId, true));
    return { id: saved.id, url: imageUrl(saved.id), thumbnailUrl: thumbnailUrl(saved.id), width: saved.width ?? 0, height: saved.height ?? 0 };
  }

  /** An image or a PDF (as the 'upload' setting allows); pass the caller's transaction to attach it in the same one. */
  async saveFile(file: Express.Multer.File | undefined, userId: number, manager?: EntityManager): Promise<Attachment> {
    if (manager) return this.store_(manager, file, userId, false);
    return this.dataSource.transaction((tx) => this.store_(tx, file, userId, false));
  }

  private async store_(manager: EntityManager, file: Express.Multer.File | undefined, userId: number, imagesOnly: boolean): Promise<Attachment> {
    if (!file) throw new DomainException('validation', {}, { field: IMAGE_FIELD, problem: 'required', label: { 'zh-CN': imagesOnly ? '图片' : '文件', en: imagesOnly ? 'Image' : 'File' } });
    const settings = await readUploadSettings(manager);
    if (file.size > settings.maxBytes) {
      // Images keep the message they always had; other uploads name the limit.
      if (imagesOnly && settings.maxBytes === 8 * 1024 * 1024) throw new DomainException('payloadTooLarge');
      throw new DomainException('fileTooLarge', { mb: Math.round((settings.maxBytes / 1024 / 1024) * 10) / 10 }, { field: IMAGE_FIELD });
    }
    await this.quota.consumeBytes(userId, file.size);
    const type = await fileTypeFromBuffer(file.buffer);
    const kind: UploadKind | null = isAcceptedImageType(type?.mime) ? 'image' : !imagesOnly && type?.mime === 'application/pdf' && looksLikePdf(file.buffer) ? 'pdf' : null;
    if (!kind) throw new DomainException(imagesOnly ? 'unsupportedMediaType' : 'fileTypeUnsupported', {}, { field: IMAGE_FIELD });
    this.assertAllowed(kind, settings);

    const id = randomBytes(16).toString('hex');
    let blobs: Partial<Record<BlobVariant, Buffer>>;
    let record: { mime: string; width: number | null; height: number | null; bytes: number; extension: string };
    if (kind === 'image') {
      const encoded = await encodeImage(file.buffer, { quality: settings.imageQuality, maxDimension: settings.maxDimension, thumbnailSize: settings.thumbnailSize }, settings.maxBytes);
      blobs = { image: encoded.image, thumbnail: encoded.thumbnail };
      record = { mime: 'image/webp', width: encoded.width, height: encoded.height, bytes: encoded.image.length, extension: 'webp' };
    } else {
      blobs = { original: file.buffer };
      record = { mime: 'application/pdf', width: null, height: null, bytes: file.buffer.length, extension: 'pdf' };
    }
    let name = cleanFileName(file.originalname, `${id.slice(0, 8)}.${record.extension}`);
    // The stored image is WebP: a download under its old name would say .jpg.
    if (kind === 'image') name = name.replace(/\.(jpe?g|png|gif|webp)$/i, '') + '.webp';
    await this.uploads.insert(manager, { id, kind, mime: record.mime, name, width: record.width, height: record.height, bytes: record.bytes, createdBy: userId });
    await this.store.save(manager, id, blobs);
    return (await this.uploads.find(id, manager))!;
  }

  private assertAllowed(kind: UploadKind, settings: UploadSettings): void {
    if (settings.allowedKinds.includes(kind)) return;
    const kinds = settings.allowedKinds.length
      ? { 'zh-CN': settings.allowedKinds.map((k) => KIND_LABELS[k]['zh-CN']).join('、'), en: settings.allowedKinds.map((k) => KIND_LABELS[k].en).join(', ') }
      : { 'zh-CN': '无', en: 'none' };
    throw new DomainException('uploadKindNotAllowed', { kinds }, { field: IMAGE_FIELD, kind });
  }

  /**
   * A file for a logged-in user. The endpoints are public to the access guard (an <img> cannot
   * send the token header), so the session is checked here, from the header or the cookie; then
   * the owner's rule (production documents: the document rule). Images are served inline as
   * WebP; PDFs only ever as downloads.
   */
  async open(id: string, variant: 'image' | 'thumbnail' | 'file', token: string | undefined): Promise<ServedFile> {
    if (!token) throw new DomainException('unauthorized');
    const user = await this.auth.authenticate(token);
    if (!user) throw new DomainException('tokenInvalid');
    if (!UPLOAD_ID_PATTERN.test(id)) {
      throw new DomainException('validation', {}, { field: 'id', problem: 'invalid', label: { 'zh-CN': '文件编号', en: 'File id' } });
    }
    if (!(await mayViewUpload(this.dataSource.manager, user, id))) throw new DomainException('forbidden');
    return this.serve(id, variant);
  }

  /** The bytes of an upload whose access was checked by the caller. */
  async serve(id: string, variant: 'image' | 'thumbnail' | 'file'): Promise<ServedFile> {
    // Every image and thumbnail shown goes through here: only the two columns it needs.
    const attachment = await this.uploads.servingInfo(id);
    if (!attachment) throw new DomainException('notFound');
    if (attachment.kind === 'pdf') {
      if (variant === 'thumbnail') throw new DomainException('notFound');
      const bytes = await this.store.read(id, 'original');
      if (!bytes) throw new DomainException('notFound');
      return { file: new StreamableFile(bytes, { type: 'application/pdf', length: bytes.length, disposition: attachmentDisposition(attachment.name) }), download: true };
    }
    const bytes = await this.store.read(id, variant === 'thumbnail' ? 'thumbnail' : 'image');
    if (!bytes) throw new DomainException('notFound');
    return { file: new StreamableFile(bytes, { type: 'image/webp', length: bytes.length }), download: false };
  }
}
