import { SetMetadata } from '@nestjs/common';

export const OPEN_BEFORE_PASSWORD_CHANGE_KEY = 'stitchboard:open-before-password-change';

/**
 * The few endpoints a user whose password must be changed may still call (changePassword,
 * logout, user/info); the access guard refuses every other one with 403 passwordChangeRequired.
 */
export const OpenBeforePasswordChange = () => SetMetadata(OPEN_BEFORE_PASSWORD_CHANGE_KEY, true);
