import type { UserInfo } from '@contracts/api';
import type { UploadedImage } from '@contracts/master-data';
import { apiPost } from '../../../lib/http-client';

/** POST /admin/upload/avatar (multipart `file`, any signed-in user): re-encoded with a thumbnail. */
export function uploadAvatarImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return apiPost<UploadedImage>('/admin/upload/avatar', body, { timeout: 60_000 });
}

/** POST /admin/user/updateAvatar: the caller's own avatar; '' removes it. Answers the new user info. */
export function updateAvatar(avatar: string): Promise<UserInfo> {
  return apiPost<UserInfo>('/admin/user/updateAvatar', { avatar });
}
