import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Password } from 'primereact/password';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contracts/users';
import { ApiError } from '../../../lib/http-client';
import { notifySuccess } from '../../../lib/notify';
import { resetUserPassword } from '../api/reset-user-password';

export function ResetPasswordButton({ userId }: { userId: number }) {
  const { t } = useTranslation('baseData');
  const { t: tc } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
  };

  const submit = async () => {
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
      setError(t('user.passwordLength'));
      return;
    }
    setSaving(true);
    try {
      await resetUserPassword(userId, password);
      notifySuccess(t('user.passwordReset'));
      close();
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') setError(failure.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button type="button" label={t('user.resetPassword')} icon="pi pi-key" outlined size="small" onClick={() => setOpen(true)} />
      <Dialog
        header={t('user.resetPassword')}
        visible={open}
        onHide={close}
        style={{ width: 'min(26rem, 92vw)' }}
        footer={
          <div className="form-actions">
            <Button type="button" label={tc('actions.cancel')} outlined severity="secondary" onClick={close} />
            <Button type="button" label={tc('actions.confirm')} icon="pi pi-check" loading={saving} onClick={() => void submit()} />
          </div>
        }
      >
        <div className="form-field">
          <label htmlFor="reset-password">{t('user.newPassword')}</label>
          <Password
            inputId="reset-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            feedback={false}
            toggleMask
            invalid={Boolean(error)}
            autoComplete="new-password"
          />
          {error ? (
            <small className="p-error field-error" role="alert">
              {error}
            </small>
          ) : (
            <small className="field-hint">{t('user.passwordHint')}</small>
          )}
        </div>
      </Dialog>
    </>
  );
}
