import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from 'primereact/avatar';
import { thumbnailUrl } from '@contracts/master-data';
import { initialsOf } from '../model/profile-state';

export interface UserAvatarProps {
  name: string;
  /** Upload id of the image; '' (or an image that fails to load) shows the initials. */
  avatar: string;
  size?: 'normal' | 'large' | 'xlarge';
  className?: string;
  testId?: string;
}

/** A user's picture, or their initials on a coloured disc. */
export function UserAvatar({ name, avatar, size = 'normal', className, testId }: UserAvatarProps) {
  const { t } = useTranslation('auth');
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(avatar) && failed !== avatar;
  return (
    <Avatar
      className={['user-avatar', className].filter(Boolean).join(' ')}
      shape="circle"
      size={size}
      image={showImage ? thumbnailUrl(avatar) : undefined}
      imageAlt={t('avatar.alt', { name })}
      onImageError={() => setFailed(avatar)}
      label={showImage ? undefined : initialsOf(name)}
      aria-label={showImage ? undefined : t('avatar.alt', { name })}
      data-testid={testId}
      data-avatar={showImage ? avatar : ''}
    />
  );
}
