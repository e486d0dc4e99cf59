import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { Button } from 'primereact/button';

// A screen the user may not open looks exactly like one that does not exist: the route table
// is not revealed to accounts without the permission.
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <section className="not-found" data-testid="not-found">
      <div className="not-found-code" aria-hidden="true">
        {t('notFound.code')}
      </div>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Button label={t('notFound.back')} icon="pi pi-home" onClick={() => navigate('/home/index')} />
    </section>
  );
}
