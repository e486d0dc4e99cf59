// Clear data (/setting/clearData, route ClearData): delete old production documents (preview,
// then confirm) or wipe every business record for a new start (typed system title). The server
// audits both and sends data.reset, so every open screen — this one's board too — reloads.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import dayjs from 'dayjs';
import { DateInput } from '../../../components/form/DateInput';
import type { RouteScreenProps } from '../../../config/paths';
import { formatBytes } from '../../../lib/format-bytes';
import { LANGUAGES } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { getSystemTitle } from '../../../lib/system-title';
import { useAsyncAction, useAsyncData } from '../../../lib/use-async';
import { clearAll, clearDocuments, previewClearDocuments, type ClearAllCounts, type ClearDocumentsCounts } from '../api/clear-data';
import '../clear-data.css';

function ClearDocumentsCard() {
  const { t } = useTranslation('clearData');
  const [before, setBefore] = useState(() => dayjs().subtract(1, 'year').format('YYYY-MM-DD'));
  const [preview, setPreview] = useState<{ before: string; counts: ClearDocumentsCounts } | null>(null);
  const load = useAsyncAction(previewClearDocuments);
  const clear = useAsyncAction(clearDocuments);

  const showPreview = async () => {
    if (!before) return;
    try {
      setPreview({ before, counts: await load.run(before) });
    } catch {
      setPreview(null); // the toast said why
    }
  };

  const confirmClear = () => {
    if (!preview) return;
    const { counts } = preview;
    const values = { ...counts, size: formatBytes(counts.bytes) };
    confirmDialog({
      header: t('documents.confirmTitle'),
      message: t('documents.confirmMessage', values),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('documents.accept'),
      rejectLabel: t('documents.reject'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      className: 'clear-documents-confirm',
      accept: async () => {
        try {
          const removed = await clear.run(preview.before);
          notifySuccess(t('documents.done', { ...removed, size: formatBytes(removed.bytes) }));
          setPreview(null);
        } catch {
          // The toast said why.
        }
      },
    });
  };

  const counts = preview?.counts;
  return (
    <Card className="settings-card" title={t('documents.title')} subTitle={t('documents.hint')}>
      <div className="form-field">
        <label htmlFor="clear-documents-before">{t('documents.before')}</label>
        <DateInput
          id="clear-documents-before"
          className="clear-documents-date"
          value={before}
          maxDate={dayjs().format('YYYY-MM-DD')}
          onChange={(value) => {
            setBefore(value);
            setPreview(null);
          }}
        />
      </div>
      <div className="form-actions">
        <Button type="button" label={t('documents.preview')} icon="pi pi-search" outlined disabled={!before} loading={load.loading} onClick={() => void showPreview()} />
      </div>
      {counts && (
        <div className="clear-documents-preview" data-testid="clear-documents-preview">
          <p>{counts.files > 0 ? t('documents.previewResult', { ...counts, size: formatBytes(counts.bytes) }) : t('documents.nothing')}</p>
          {counts.files > 0 && <Button type="button" label={t('documents.clear')} icon="pi pi-trash" severity="danger" loading={clear.loading} onClick={confirmClear} />}
        </div>
      )}
    </Card>
  );
}

function ClearAllCard() {
  const { t, i18n } = useTranslation('clearData');
  const titles = useAsyncData(() => Promise.all(LANGUAGES.map((language) => getSystemTitle(language).then((title) => title?.trim() ?? ''))));
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<ClearAllCounts | null>(null);
  const clear = useAsyncAction(clearAll);

  const accepted = (titles.data ?? []).filter(Boolean);
  const matches = typed.trim() !== '' && accepted.includes(typed.trim());
  const shownTitle = titles.data?.[LANGUAGES.indexOf(i18n.language as (typeof LANGUAGES)[number])] || accepted[0] || '';

  const submit = async () => {
    if (!matches) return;
    try {
      const removed = await clear.run(typed.trim());
      setResult(removed);
      setTyped('');
      notifySuccess(t('all.done', { ...removed }));
    } catch {
      // The toast said why (a wrong title, another clear running…).
    }
  };

  return (
    <Card className="settings-card clear-all-card" title={t('all.title')} subTitle={t('all.hint')}>
      <dl className="clear-all-scope">
        <dt>{t('all.removed')}</dt>
        <dd>{t('all.removedList')}</dd>
        <dt>{t('all.kept')}</dt>
        <dd>{t('all.keptList')}</dd>
      </dl>
      <form
        className="form-field"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="clear-all-title">{t('all.typeTitle', { title: shownTitle })}</label>
        <InputText id="clear-all-title" value={typed} autoComplete="off" aria-label={t('all.typeTitleLabel')} onChange={(event) => setTyped(event.target.value)} />
        <div className="form-actions">
          <Button type="submit" label={t('all.clear')} icon="pi pi-trash" severity="danger" disabled={!matches} loading={clear.loading} data-testid="clear-all-submit" />
        </div>
      </form>
      {result && <Message className="clear-all-result" severity="success" text={t('all.result', { ...result })} data-testid="clear-all-result" />}
    </Card>
  );
}

export function ClearDataPage(_props: RouteScreenProps) {
  const { t } = useTranslation('clearData');
  return (
    <div className="page settings-page clear-data-page" data-testid="clear-data">
      <header className="page-header">
        <h1>{t('page.title')}</h1>
        <p className="muted">{t('page.subtitle')}</p>
      </header>
      <ClearDocumentsCard />
      <ClearAllCard />
    </div>
  );
}
