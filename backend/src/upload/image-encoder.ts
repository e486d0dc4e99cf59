import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DomainException } from '../common/errors/domain.exception.js';

/** Types accepted, decided by the file's content (magic bytes), never by its name or header. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** Stricter than the 10 MB the multipart parser lets through for every endpoint. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Decompression-bomb guard: a small file can still decode to gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 2000;
export const THUMBNAIL_SIDE = 240;

export interface EncodedImage {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const IMAGE_LABEL = { 'zh-CN': '图片', en: 'Image' };

/**
 * Checks an uploaded image and re-encodes it: turned upright by its EXIF orientation, metadata
 * (GPS, camera) dropped, at most 2000 px on its longest side, WebP; plus a 240 px thumbnail.
 * Re-encoding also means whatever else the original file carried is never served back.
 */
export async function encodeImage(original: Buffer): Promise<EncodedImage> {
  if (original.length > MAX_IMAGE_BYTES) throw new DomainException('payloadTooLarge');
  const type = await fileTypeFromBuffer(original);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) throw new DomainException('unsupportedMediaType', {}, { field: 'file' });

  const corrupt = () => new DomainException('validation', {}, { field: 'file', problem: 'invalid', label: IMAGE_LABEL });
  // Only the header is read here, so a huge image is refused before any pixel is decoded.
  const metadata = await sharp(original, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw corrupt();
    });
  const height = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !height) throw corrupt();
  if (metadata.width * height > MAX_IMAGE_PIXELS) throw new DomainException('imageTooLarge', { megapixels: MAX_IMAGE_PIXELS / 1_000_000 }, { field: 'file' });

  try {
    // sharp drops metadata unless asked to keep it; animated GIFs keep their first frame.
    const { data: image, info } = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(image)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { image, thumbnail, width: info.width, height: info.height };
  } catch {
    // The header looked right but the pixels do not decode (truncated or damaged file).
    throw corrupt();
  }
}
