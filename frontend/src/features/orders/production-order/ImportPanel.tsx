// Excel import of production orders: the template to fill in, the upload, and — when the
// server refuses the file — every row error in a table (all rows or none are imported).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import type { ImportRowError } from '@contracts/orders';
import { notifySuccess } from '../../../lib/notify';
import { downloadImportTemplate, importProductionOrders } from '../api/production-order-import';

export function ImportErrorTable({ message, errors }: { message: string; errors: ImportRowError[] }) {
  const { t } = useTranslation('orders');
  return (
    <div className="import-errors" data-testid="import-errors">
      <Message severity="error" text={message || t('production.importErrors')} />
      {errors.length > 0 && (
        <DataTable value={errors} size="small" stripedRows className="import-error-table" aria-label={t('production.importErrors')}>
          <Column field="row" header={t('production.errorRow')} className="cell-number" headerClassName="cell-number" style={{ width: '5rem' }} />
          <Column field="column" header={t('production.errorColumn')} style={{ width: '12rem' }} />
          <Column field="message" header={t('production.errorMessage')} />
        </DataTable>
      )}
    </div>
  );
}

export function ImportPanel({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation('orders');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'template' | 'import' | null>(null);
  const [refused, setRefused] = useState<{ message: string; errors: ImportRowError[] } | null>(null);
  const [fileName, setFileName] = useState('');

  const template = async () => {
    setBusy('template');
    try {
      await downloadImportTemplate();
    } catch {
      // The HTTP client has said why.
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setBusy('import');
    setRefused(null);
    try {
      const result = await importProductionOrders(file);
      if (result.ok) {
        notifySuccess(t('production.imported', { count: result.created }));
        onImported();
      } else {
        setRefused({ message: result.message, errors: result.errors });
      }
    } catch {
      // Network or session problems: the HTTP client has said so.
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="import-panel">
      <p className="field-hint">{t('production.importHint')}</p>
      <div className="import-actions">
        <Button type="button" label={t('production.downloadTemplate')} icon="pi pi-download" outlined loading={busy === 'template'} onClick={() => void template()} />
        <Button type="button" label={t('production.chooseFile')} icon="pi pi-file-import" loading={busy === 'import'} onClick={() => input.current?.click()} />
        <input
          ref={input}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          data-testid="import-file"
          aria-label={t('production.chooseFile')}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
        {fileName && <span className="muted">{busy === 'import' ? t('production.importing') : fileName}</span>}
      </div>
      {refused && <ImportErrorTable message={refused.message} errors={refused.errors} />}
    </div>
  );
}
