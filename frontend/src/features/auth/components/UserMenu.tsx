// The top bar's account entry: the signed-in user's avatar (initials without one) opening a
// small menu — upload a new avatar or remove it, change the password (the only way to it on a
// phone, where the top bar has no room for the key button). Keyboard: Enter or Space opens the menu with
// its first item focused, arrows move, Enter runs, Esc closes (PrimeReact's popup Menu).
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { notifySuccess } from '../../../lib/notify';
import { updateAvatar, uploadAvatarImage } from '../api/avatar';
import { setProfile, useProfile } from '../model/profile-state';
import { UserAvatar } from './UserAvatar';

export function UserMenu({ onChangePassword }: { onChangePassword?: () => void }) {
  const { t } = useTranslation('auth');
  const profile = useProfile();
  const menu = useRef<Menu>(null);
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = `user-menu-${useId().replace(/:/g, '')}`;
  if (!profile) return null;
  const name = profile.name || profile.username;

  const change = async (work: () => Promise<string>, done: string) => {
    setBusy(true);
    try {
      setProfile(await updateAvatar(await work()));
      notifySuccess(done);
    } catch {
      // The HTTP client has said why (file too large, not an image, …).
    } finally {
      setBusy(false);
    }
  };

  const items: MenuItem[] = [
    { id: `${menuId}-upload`, label: t('avatar.upload'), icon: 'pi pi-upload', command: () => input.current?.click() },
    ...(profile.avatar
      ? [{ id: `${menuId}-remove`, label: t('avatar.remove'), icon: 'pi pi-trash', command: () => void change(async () => '', t('avatar.removed')) }]
      : []),
    ...(onChangePassword ? [{ id: `${menuId}-password`, label: t('password.button'), icon: 'pi pi-key', command: onChangePassword }] : []),
  ];

  return (
    <div className="user-menu">
      <Button
        type="button"
        text
        rounded
        severity="secondary"
        className="user-menu-button"
        aria-label={t('avatar.menu', { name })}
        title={name}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        loading={busy}
        onClick={(event) => menu.current?.toggle(event)}
        data-testid="user-menu-button"
      >
        {!busy && <UserAvatar name={name} avatar={profile.avatar} testId="topbar-avatar" />}
      </Button>
      <Menu ref={menu} id={menuId} model={items} popup popupAlignment="right" aria-label={t('avatar.menu', { name })} className="user-menu-popup" onShow={() => setOpen(true)} onHide={() => setOpen(false)} />
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        hidden
        tabIndex={-1}
        aria-label={t('avatar.upload')}
        data-testid="avatar-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void change(async () => (await uploadAvatarImage(file)).id, t('avatar.uploaded'));
        }}
      />
    </div>
  );
}
