import type { ChangePasswordRequest, UserInfo } from '@contracts/api';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contracts/users';
import { apiGet, apiPost } from '../../../lib/http-client';

export interface ChangePasswordFields extends ChangePasswordRequest {
  confirmPassword: string;
}

export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordFields, string>>;

/** Checks before sending; values are i18n keys of the auth namespace. The server checks again
 * (and also refuses common passwords and the username). */
export function validateChangePassword(fields: ChangePasswordFields): ChangePasswordErrors {
  const errors: ChangePasswordErrors = {};
  if (!fields.currentPassword) errors.currentPassword = 'password.currentRequired';
  if (fields.newPassword.length < PASSWORD_MIN_LENGTH || fields.newPassword.length > PASSWORD_MAX_LENGTH) errors.newPassword = 'password.length';
  else if (fields.newPassword === fields.currentPassword) errors.newPassword = 'password.unchanged';
  if (!errors.newPassword && fields.confirmPassword !== fields.newPassword) errors.confirmPassword = 'password.mismatch';
  return errors;
}

/** POST /admin/user/changePassword: this session stays, the user's other sessions end. */
export function changePassword(request: ChangePasswordRequest): Promise<null> {
  return apiPost<null>('/admin/user/changePassword', { ...request }, { silent: true });
}

/** GET /admin/user/info, quietly: the layout reads the password flags from it. */
export function fetchAccountInfo(): Promise<UserInfo> {
  return apiGet<UserInfo>('/admin/user/info', { silent: true });
}
