import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { notifySuccess } from '../../../lib/notify';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The top bar's "change password" entry, for every signed-in user. Escape closes the dialog. */
export function ChangePasswordButton({ open, onOpenChange }: { open?: boolean; onOpenChange?: (open: boolean) => void }) {
  const { t } = useTranslation('auth');
  const [ownOpen, setOwnOpen] = useState(false);
  const visible = open ?? ownOpen;
  const setVisible = onOpenChange ?? setOwnOpen;

  return (
    <>
      <Button
        type="button"
        className="change-password-button"
        icon="pi pi-key"
        label={t('password.button')}
        aria-label={t('password.button')}
        title={t('password.button')}
        text
        severity="secondary"
        aria-haspopup="dialog"
        onClick={() => setVisible(true)}
      />
      <Dialog
        className="change-password-dialog"
        header={t('password.title')}
        visible={visible}
        onHide={() => setVisible(false)}
        style={{ width: 'min(28rem, 94vw)' }}
        closeOnEscape
        focusOnShow={false}
      >
        {visible && (
          <ChangePasswordForm
            autoFocus
            onCancel={() => setVisible(false)}
            onChanged={() => {
              setVisible(false);
              notifySuccess(t('password.changed'));
            }}
          />
        )}
      </Dialog>
    </>
  );
}
