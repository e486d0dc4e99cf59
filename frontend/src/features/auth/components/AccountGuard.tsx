import './account.css';
import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../../../lib/session';
import { fetchAccountInfo } from '../api/change-password';
import { setAccountState, useAccountState } from '../model/account-state';
import { ChangePasswordButton } from './ChangePasswordDialog';
import { DefaultPasswordWarning } from './DefaultPasswordWarning';
import { ForcedPasswordChange } from './ForcedPasswordChange';

/** Reads the password flags of the signed-in account (once per session token). */
export function useAccountFlags(): { mustChangePassword: boolean; passwordIsDefault: boolean } {
  const token = useSession((session) => session.token);
  const mustChangePassword = useAccountState((state) => state.mustChangePassword);
  const passwordIsDefault = useAccountState((state) => state.passwordIsDefault);
  useEffect(() => {
    if (!token) return;
    let current = true;
    fetchAccountInfo()
      .then((info) => {
        if (current) setAccountState(info);
      })
      .catch(() => {
        // Offline or signed out: the flags keep what the login said.
      });
    return () => {
      current = false;
    };
  }, [token]);
  return { mustChangePassword, passwordIsDefault };
}

/** The top bar's password entry and, above the screen, the default-password warning. */
export function useAccountChrome(): { topbarEntry: ReactNode; banner: ReactNode; blocked: boolean } {
  const { mustChangePassword, passwordIsDefault } = useAccountFlags();
  const [dialogOpen, setDialogOpen] = useState(false);
  return {
    topbarEntry: mustChangePassword ? null : <ChangePasswordButton open={dialogOpen} onOpenChange={setDialogOpen} />,
    banner: !mustChangePassword && passwordIsDefault ? <DefaultPasswordWarning onChange={() => setDialogOpen(true)} /> : null,
    blocked: mustChangePassword,
  };
}

export { ForcedPasswordChange };
