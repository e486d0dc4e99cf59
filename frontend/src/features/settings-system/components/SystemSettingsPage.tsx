// System settings (/setting/index, route Setting), in sections: system (title, board logo,
// default language), production rules, uploads, images, database. Everything comes from one call
// (GET /admin/setting/init); each section saves on its own, and another administrator's save
// reaches this screen live (event settings.adminUpdated).
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { AdminSettingsInit } from '@contracts/admin-settings';
import { FormLoadState } from '../../../components/FormLoadState';
import type { RouteScreenProps } from '../../../config/paths';
import { useAdminSettings } from '../api/admin-settings';
import { DatabaseCard } from './DatabaseCard';
import { ProductionRulesCard } from './ProductionRulesCard';
import { SystemBrandingCard } from './SystemBrandingCard';
import { SystemTitleCard } from './SystemTitleCard';
import { ImageSettingsCard, UploadSettingsCard } from './UploadSettingsCard';
import '../settings-system.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="settings-section" aria-labelledby={`${id}-heading`} data-testid={`section-${id}`}>
      <h2 id={`${id}-heading`} className="settings-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A section's forms start again from the saved values whenever those change (a save here or elsewhere). */
const keyOf = (value: unknown) => JSON.stringify(value);

export function SystemSettingsPage(_props: RouteScreenProps) {
  const { t } = useTranslation('settingsSystem');
  const { data, failed, loading, reload, patch } = useAdminSettings();

  if (!data) {
    return (
      <div className="page settings-page system-settings-page">
        <header className="page-header">
          <h1>{t('page.title')}</h1>
        </header>
        <FormLoadState className="settings-card" failed={failed && !loading} failedMessage={t('page.loadFailed')} onRetry={() => void reload()} rows={3} />
      </div>
    );
  }

  const merge = (change: Partial<AdminSettingsInit>) => patch((current) => ({ ...current, ...change }));
  const { system, production, upload, database } = data;

  return (
    <div className="page settings-page system-settings-page" data-testid="system-settings">
      <header className="page-header">
        <h1>{t('page.title')}</h1>
        <p className="muted">{t('page.subtitle')}</p>
      </header>
      <nav className="settings-toc" aria-label={t('page.sections')}>
        {(['system', 'production', 'uploads', 'images', 'database'] as const).map((id) => (
          <a key={id} href={`#${id}-heading`} onClick={(event) => {
            event.preventDefault();
            document.getElementById(`${id}-heading`)?.scrollIntoView({ block: 'start' });
          }}>
            {t(`sections.${id}`)}
          </a>
        ))}
      </nav>
      <Section id="system" title={t('sections.system')}>
        <SystemTitleCard key={keyOf(system.titles)} />
        <SystemBrandingCard key={keyOf([system.logo, system.defaultLanguage])} saved={system} onSaved={(next) => merge({ system: next })} />
      </Section>
      <Section id="production" title={t('sections.production')}>
        <ProductionRulesCard key={keyOf(production)} saved={production} onSaved={(next) => merge({ production: next })} />
      </Section>
      <Section id="uploads" title={t('sections.uploads')}>
        <UploadSettingsCard key={keyOf([upload.maxBytes, upload.allowedKinds])} saved={upload} onSaved={(next) => merge({ upload: next })} />
      </Section>
      <Section id="images" title={t('sections.images')}>
        <ImageSettingsCard key={keyOf([upload.imageQuality, upload.maxDimension, upload.thumbnailSize])} saved={upload} onSaved={(next) => merge({ upload: next })} />
      </Section>
      <Section id="database" title={t('sections.database')}>
        <DatabaseCard
          key={keyOf(database.settings)}
          database={database}
          onSaved={(settings) => merge({ database: { ...database, settings } })}
          onRestored={() => void reload()}
        />
      </Section>
    </div>
  );
}
