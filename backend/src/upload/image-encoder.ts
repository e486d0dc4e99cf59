import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DomainException } from '../common/errors/domain.exception.js';

/** Types accepted, decided by the file's content (magic bytes), never by its name or header. */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** The default largest upload (the 'upload' setting's maxBytes decides; see upload-settings.ts). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Decompression-bomb guard: a small file can still decode to gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 2000;
export const THUMBNAIL_SIDE = 240;

/** How images are stored (the 'upload' setting). */
export interface ImageEncoding {
  quality: number;
  maxDimension: number;
  thumbnailSize: number;
}

const DEFAULT_ENCODING: ImageEncoding = { quality: 85, maxDimension: MAX_IMAGE_SIDE, thumbnailSize: THUMBNAIL_SIDE };

/** Is this an image type the pipeline takes (by content)? */
export const isAcceptedImageType = (mime: string | undefined) => Boolean(mime && ACCEPTED_TYPES.has(mime));

export interface EncodedImage {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const IMAGE_LABEL = { 'zh-CN': '图片', en: 'Image' };

/**
 * Checks an uploaded image and re-encodes it: turned upright by its EXIF orientation, metadata
 * (GPS, camera) dropped, at most `maxDimension` px on its longest side, WebP at `quality`; plus a
 * `thumbnailSize` px thumbnail (by default 2000 px, 85, 240 px).
 * Re-encoding also means whatever else the original file carried is never served back.
 */
export async function encodeImage(original: Buffer, encoding: ImageEncoding = DEFAULT_ENCODING, maxBytes = MAX_IMAGE_BYTES): Promise<EncodedImage> {
  if (original.length > maxBytes) throw new DomainException('payloadTooLarge');
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
      .resize({ width: encoding.maxDimension, height: encoding.maxDimension, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: encoding.quality })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(image)
      .resize({ width: encoding.thumbnailSize, height: encoding.thumbnailSize, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { image, thumbnail, width: info.width, height: info.height };
  } catch {
    // The header looked right but the pixels do not decode (truncated or damaged file).
    throw corrupt();
  }
}
