// The database: what it is and where (never credentials), how long audit rows are kept, and for
// the embedded database a consistent backup to download and a restore (confirmed first). A server
// database is backed up with the server's own tools.
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { AUDIT_RETENTION_LIMITS, type DatabaseSection, type DatabaseSettings } from '@contracts/admin-settings';
import { PERMISSION_ADMIN } from '@contracts/users';
import { formatBytes } from '../../../lib/format-bytes';
import { ApiError } from '../../../lib/http-client';
import { useSession } from '../../../lib/session';
import { notifySuccess } from '../../../lib/notify';
import { downloadBackup, restoreBackup, updateDatabaseSetting } from '../api/admin-settings';
import { SettingNumberField } from './SettingNumberField';
import { SectionActions } from './SectionActions';
import { useSectionForm } from './use-section-form';

interface DatabaseCardProps {
  database: DatabaseSection;
  onSaved: (settings: DatabaseSettings) => void;
  /** After a restore: load everything again (other screens follow through data.reset). */
  onRestored: () => void;
}

type RetentionForm = { auditRetentionDays: number | null };

export function DatabaseCard({ database, onSaved, onRestored }: DatabaseCardProps) {
  const { t } = useTranslation('settingsSystem');
  const { t: tc } = useTranslation('common');
  const section = useSectionForm<RetentionForm, DatabaseSettings>(
    database.settings,
    (change) => updateDatabaseSetting({ auditRetentionDays: change.auditRetentionDays as number }),
    (form) => {
      const value = form.auditRetentionDays;
      if (value === null) return { auditRetentionDays: t('page.required') };
      return { auditRetentionDays: value < AUDIT_RETENTION_LIMITS.min || value > AUDIT_RETENTION_LIMITS.max ? t('page.range', AUDIT_RETENTION_LIMITS) : undefined };
    },
    { saved: t('database.saved'), unchanged: t('page.unchanged') },
    onSaved,
  );
  const picker = useRef<HTMLInputElement>(null);
  const [downloading, setDownloading] = useState(false);
  const [restoreFile, setRestoreFile] = useState<File | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [backupError, setBackupError] = useState<string | null>(null);
  const mayBackup = useSession((session) => session.permissions.includes(PERMISSION_ADMIN));

  const download = async () => {
    setBackupError(null);
    setDownloading(true);
    try {
      const name = await downloadBackup();
      notifySuccess(t('database.downloaded', { file: name }));
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') setBackupError(failure.message);
    } finally {
      setDownloading(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    setBackupError(null);
    setRestoreFile(file);
  };

  const restore = async () => {
    if (!restoreFile) return;
    setRestoring(true);
    try {
      const result = await restoreBackup(restoreFile);
      setRestoreFile(null);
      notifySuccess(t('database.restored', result));
      onRestored();
    } catch (failure) {
      setRestoreFile(null);
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') setBackupError(failure.message);
    } finally {
      setRestoring(false);
    }
  };

  const facts: [string, string][] = [
    [t('database.engine'), t(`database.engines.${database.engine}`)],
    [t('database.version'), database.version],
    [t('database.size'), formatBytes(database.sizeBytes)],
    [t('database.target'), database.target],
  ];
  const lastMigration = database.migrations[database.migrations.length - 1]?.name ?? '—';

  return (
    <Card className="settings-card database-card" data-testid="settings-database">
      <dl className="database-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="database-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="database-fact">
          <dt>{t('database.migrations')}</dt>
          <dd>
            <details>
              <summary>{t('database.migrationsSummary', { count: database.migrations.length, last: lastMigration })}</summary>
              <ol className="database-migrations">
                {database.migrations.map((migration) => (
                  <li key={migration.name}>{migration.name}</li>
                ))}
              </ol>
            </details>
          </dd>
        </div>
      </dl>

      <form onSubmit={(event) => void section.submit(event)} noValidate className="settings-form" aria-label={t('database.retention')}>
        <SettingNumberField
          id="audit-retention-days"
          label={t('database.retention')}
          hint={t('database.retentionHint', AUDIT_RETENTION_LIMITS)}
          value={section.form.auditRetentionDays}
          onChange={(value) => section.set('auditRetentionDays', value)}
          min={AUDIT_RETENTION_LIMITS.min}
          max={AUDIT_RETENTION_LIMITS.max}
          suffix={t('database.daysSuffix')}
          error={section.errors.auditRetentionDays}
        />
        <SectionActions section={section} saveLabel={t('database.save')} testId="database-save" />
      </form>

      <section className="database-backup" aria-labelledby="database-backup-title">
        <h3 id="database-backup-title">{t('database.backupTitle')}</h3>
        {database.backupSupported && !mayBackup ? (
          <p className="field-hint" data-testid="backup-admin-only">
            {t('database.backupAdminOnly')}
          </p>
        ) : database.backupSupported ? (
          <>
            <p className="field-hint">{t('database.backupHint')}</p>
            <div className="database-backup-actions">
              <Button type="button" label={t('database.download')} icon="pi pi-download" outlined loading={downloading} onClick={() => void download()} data-testid="backup-download" />
              <input ref={picker} id="restore-file" type="file" accept=".gz,application/gzip" className="visually-hidden" onChange={choose} data-testid="restore-file" />
              <Button type="button" label={t('database.restore')} icon="pi pi-history" severity="danger" outlined loading={restoring} onClick={() => picker.current?.click()} data-testid="restore-choose" />
            </div>
            <small className="field-hint">{t('database.restoreHint')}</small>
          </>
        ) : (
          <p className="field-hint" data-testid="backup-server-managed">
            {t('database.serverBackup')}
          </p>
        )}
        {backupError && <Message className="server-error" severity="error" text={backupError} data-testid="backup-error" />}
      </section>

      <Dialog
        header={t('database.restoreConfirmTitle')}
        visible={restoreFile !== null}
        onHide={() => (restoring ? undefined : setRestoreFile(null))}
        modal
        style={{ width: 'min(32rem, 94vw)' }}
        footer={
          <div className="form-actions">
            <Button type="button" label={tc('actions.cancel')} outlined severity="secondary" disabled={restoring} onClick={() => setRestoreFile(null)} autoFocus />
            <Button type="button" label={t('database.restoreAccept')} icon="pi pi-history" severity="danger" loading={restoring} onClick={() => void restore()} data-testid="restore-confirm" />
          </div>
        }
      >
        <p>{t('database.restoreConfirm', { file: restoreFile?.name ?? '' })}</p>
      </Dialog>
    </Card>
  );
}
