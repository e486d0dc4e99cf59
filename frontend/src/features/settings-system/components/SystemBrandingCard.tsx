// The system section's second half: the company logo on the boards and the language a browser
// without a saved choice starts in (users have no language of their own).
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { SYSTEM_LANGUAGES, type SystemExtras, type SystemSection } from '@contracts/admin-settings';
import { ImageUpload } from '../../base-data/components/ImageUpload';
import { updateSystemSetting } from '../api/admin-settings';
import { SectionActions } from './SectionActions';
import { useSectionForm } from './use-section-form';

export function SystemBrandingCard({ saved, onSaved }: { saved: SystemExtras; onSaved: (system: SystemSection) => void }) {
  const { t } = useTranslation('settingsSystem');
  const section = useSectionForm<SystemExtras, SystemSection>(
    { logo: saved.logo, defaultLanguage: saved.defaultLanguage },
    updateSystemSetting,
    () => ({}),
    { saved: t('branding.saved'), unchanged: t('page.unchanged') },
    onSaved,
  );
  const { form, errors } = section;
  const languages = SYSTEM_LANGUAGES.map((value) => ({ value, label: t(`common:language.${value}`) }));

  return (
    <form onSubmit={(event) => void section.submit(event)} noValidate className="settings-form" aria-label={t('branding.title')} data-testid="settings-branding">
      <Card className="settings-card" title={t('branding.title')} subTitle={t('branding.hint')}>
        <div className="form-field">
          <label htmlFor="system-logo">{t('branding.logo')}</label>
          <ImageUpload inputId="system-logo" label={t('branding.logo')} value={form.logo} onChange={(value) => section.set('logo', value)} invalid={Boolean(errors.logo)} />
          <small className="field-hint">{t('branding.logoHint')}</small>
          {errors.logo && (
            <small className="p-error" role="alert">
              {errors.logo}
            </small>
          )}
        </div>
        <div className="form-field">
          <label htmlFor="system-default-language">{t('branding.defaultLanguage')}</label>
          <Dropdown
            inputId="system-default-language"
            value={form.defaultLanguage}
            options={languages}
            onChange={(event) => section.set('defaultLanguage', event.value as SystemExtras['defaultLanguage'])}
            aria-describedby="system-default-language-hint"
            className="setting-dropdown"
          />
          <small className="field-hint" id="system-default-language-hint">
            {t('branding.defaultLanguageHint')}
          </small>
          {errors.defaultLanguage && (
            <small className="p-error" role="alert">
              {errors.defaultLanguage}
            </small>
          )}
        </div>
        <SectionActions section={section} saveLabel={t('branding.save')} testId="branding-save" />
      </Card>
    </form>
  );
}
