import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { notifySuccess } from '../../../lib/notify';

export interface ListToolbarProps {
  keyword?: { value: string; onChange: (value: string) => void; onSubmit: () => void };
  hasFilters: boolean;
  onClear: () => void;
  /** Resolves to the saved file's name. */
  onExport?: () => Promise<string>;
  onCreate?: () => void;
  children?: ReactNode;
}

/** Search, clear, export and create, at the right of a list's header. */
export function ListToolbar({ keyword, hasFilters, onClear, onExport, onCreate, children }: ListToolbarProps) {
  const { t } = useTranslation('orders');
  const [exporting, setExporting] = useState(false);
  const exportCurrent = async () => {
    if (!onExport) return;
    setExporting(true);
    try {
      notifySuccess(t('list.exported', { file: await onExport() }));
    } catch {
      // The HTTP client has shown why.
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="page-actions">
      {keyword && (
        <IconField iconPosition="left" className="list-search">
          <InputIcon className="pi pi-search" />
          <InputText
            type="search"
            value={keyword.value}
            onChange={(event) => keyword.onChange(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && keyword.onSubmit()}
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.search')}
          />
        </IconField>
      )}
      {hasFilters && <Button type="button" label={t('list.clearFilters')} icon="pi pi-filter-slash" text severity="secondary" onClick={onClear} />}
      {children}
      {onExport && <Button type="button" label={t('list.export')} icon="pi pi-file-excel" outlined loading={exporting} onClick={() => void exportCurrent()} />}
      {onCreate && <Button type="button" label={t('list.create')} icon="pi pi-plus" onClick={onCreate} />}
    </div>
  );
}
