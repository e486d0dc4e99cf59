import { useTranslation } from 'react-i18next';
import { ProgressSpinner } from 'primereact/progressspinner';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-label={t('layout.loading')}>
      <ProgressSpinner style={{ width: 36, height: 36 }} strokeWidth="4" />
    </div>
  );
}
