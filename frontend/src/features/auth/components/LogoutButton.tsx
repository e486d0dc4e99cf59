import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { clearSession } from '../../../lib/session';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { logout } from '../api/logout';
import { setAccountState } from '../model/account-state';

export function LogoutButton() {
  const { t } = useTranslation('auth');

  const confirmLogout = () =>
    confirmDialog({
      header: t('logout.confirmTitle'),
      message: t('logout.confirmMessage'),
      icon: 'pi pi-question-circle',
      acceptLabel: t('logout.accept'),
      rejectLabel: t('logout.reject'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      className: 'logout-confirm',
      accept: async () => {
        try {
          await logout();
        } catch {
          // The token may already be dead on the server; the local session ends regardless.
        }
        clearSession();
        setAccountState({ mustChangePassword: false, passwordIsDefault: false });
        notifySuccess(t('logout.succeeded'));
        navigate('/login', { replace: true });
      },
      // The reject button, the close icon and Escape all end here; only 'accept' logs out.
      onHide: (result) => {
        if (result !== 'accept') notifyInfo(t('logout.cancelled'));
      },
    });

  return (
    <Button
      className="logout-button"
      icon="pi pi-sign-out"
      label={t('logout.button')}
      text
      severity="secondary"
      onClick={confirmLogout}
    />
  );
}
