import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { notifySuccess } from '../../../lib/notify';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * Shown instead of every screen while the password must be changed (set by an administrator):
 * the server refuses everything else until then anyway.
 */
export function ForcedPasswordChange() {
  const { t } = useTranslation('auth');
  return (
    <section className="forced-password-change" aria-labelledby="forced-password-title">
      <h1 id="forced-password-title">{t('password.forcedTitle')}</h1>
      <Message severity="warn" text={t('password.forcedExplanation')} />
      <ChangePasswordForm autoFocus onChanged={() => notifySuccess(t('password.changed'))} />
    </section>
  );
}
