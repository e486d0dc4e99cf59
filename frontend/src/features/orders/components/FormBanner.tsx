import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';

export type BannerKind = 'conflict' | 'changed' | 'deleted';

/** Someone else saved or deleted the open order: say so, and offer to reload. */
export function FormBanner({ kind, onReload }: { kind: BannerKind; onReload: () => void }) {
  const { t } = useTranslation('orders');
  return (
    <div className={`form-banner is-${kind}`} role="alert" data-testid="form-banner">
      <i className={kind === 'deleted' ? 'pi pi-trash' : 'pi pi-exclamation-triangle'} aria-hidden="true" />
      <div className="form-banner-text">
        {kind === 'conflict' && <strong>{t('form.conflictTitle')}</strong>}
        <span>{kind === 'conflict' ? t('form.conflict') : kind === 'changed' ? t('form.changedByOthers') : t('form.deletedByOthers')}</span>
      </div>
      {kind !== 'deleted' && <Button type="button" label={t('form.reload')} icon="pi pi-refresh" size="small" onClick={onReload} />}
    </div>
  );
}
