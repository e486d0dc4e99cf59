import './account.css';
import { useEffect, useState, type ReactNode } from 'react';
import { onRefusal } from '../../../lib/http-client';
import { useSession } from '../../../lib/session';
import { fetchAccountInfo } from '../api/change-password';
import { accountStore, setAccountState, useAccountState } from '../model/account-state';
import { setProfile } from '../model/profile-state';
import { ChangePasswordButton } from './ChangePasswordDialog';
import { DefaultPasswordWarning } from './DefaultPasswordWarning';
import { ForcedPasswordChange } from './ForcedPasswordChange';
import { UserMenu } from './UserMenu';

/** The server's errorKey for "change your password first" (backend error catalogue). */
const PASSWORD_CHANGE_REQUIRED = 'passwordChangeRequired';

/** Reads the password flags of the signed-in account (once per session token). */
export function useAccountFlags(): { mustChangePassword: boolean; passwordIsDefault: boolean } {
  const token = useSession((session) => session.token);
  const mustChangePassword = useAccountState((state) => state.mustChangePassword);
  const passwordIsDefault = useAccountState((state) => state.passwordIsDefault);
  useEffect(() => {
    if (!token) return;
    let current = true;
    setProfile(null);
    fetchAccountInfo()
      .then((info) => {
        if (!current) return;
        setAccountState(info);
        setProfile(info);
      })
      .catch(() => {
        // Offline or signed out: the flags keep what the login said.
      });
    return () => {
      current = false;
    };
  }, [token]);
  // A reset by an administrator while this tab is open: the next refused request switches to the
  // forced change instead of leaving every screen failing with the same message.
  useEffect(() => onRefusal(PASSWORD_CHANGE_REQUIRED, () => setAccountState({ ...accountStore.get(), mustChangePassword: true })), []);
  return { mustChangePassword, passwordIsDefault };
}

/** The top bar's password entry and, above the screen, the default-password warning. */
export function useAccountChrome(): { topbarEntry: ReactNode; banner: ReactNode; blocked: boolean } {
  const { mustChangePassword, passwordIsDefault } = useAccountFlags();
  const [dialogOpen, setDialogOpen] = useState(false);
  return {
    topbarEntry: mustChangePassword ? null : (
      <>
        <UserMenu onChangePassword={() => setDialogOpen(true)} />
        <ChangePasswordButton open={dialogOpen} onOpenChange={setDialogOpen} />
      </>
    ),
    banner: !mustChangePassword && passwordIsDefault ? <DefaultPasswordWarning onChange={() => setDialogOpen(true)} /> : null,
    blocked: mustChangePassword,
  };
}

export { ForcedPasswordChange };
