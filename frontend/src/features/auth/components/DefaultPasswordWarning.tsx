import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';

/** A bar over every screen while the account uses a published default password. */
export function DefaultPasswordWarning({ onChange }: { onChange: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="default-password-warning" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{t('password.defaultWarning')}</span>
      <Button type="button" size="small" label={t('password.changeNow')} onClick={onChange} />
    </div>
  );
}
