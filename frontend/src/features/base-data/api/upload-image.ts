import type { UploadedImage } from '@contracts/master-data';
import { apiPost } from '../../../lib/http-client';

/** POST /admin/upload/image (multipart `file`): the server re-encodes it and makes a thumbnail. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return apiPost<UploadedImage>('/admin/upload/image', body, { timeout: 60_000 });
}
