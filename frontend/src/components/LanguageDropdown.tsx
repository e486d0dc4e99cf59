import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { LANGUAGES, currentLanguage, switchLanguage, type Language } from '../lib/i18n';

export function LanguageDropdown({ className }: { className?: string }) {
  const { t } = useTranslation();
  // Language names are shown in their own language, whatever the current one is.
  const options = LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }));
  return (
    <Dropdown
      className={`language-dropdown ${className ?? ''}`}
      value={currentLanguage()}
      options={options}
      onChange={(event) => switchLanguage(event.value as Language)}
      aria-label={t('language.label')}
      // The focusable input carries the name; the mouse-only trigger and PrimeReact's native
      // <select> copy are named / hidden so screen readers (and axe) do not meet them unnamed.
      pt={{ trigger: { 'aria-label': t('language.label') }, select: { 'aria-hidden': true, tabIndex: -1 } }}
      dropdownIcon="pi pi-chevron-down"
      valueTemplate={(option: { label: string } | null) => (
        <span className="language-value">
          <i className="pi pi-globe" aria-hidden="true" />
          <span className="language-name">{option?.label}</span>
        </span>
      )}
    />
  );
}
