// The company: one record, one form (no list). The same fields and error handling as every
// other base-data form, read from COMPANY_DEFINITION.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { FormLoadState } from '../../../components/FormLoadState';
import { Card } from 'primereact/card';
import { COMPANY_DEFINITION, type MasterRecord } from '@contracts/master-data';
import type { FormBody } from '../../../lib/http-client';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { getCompany } from '../api/get-company';
import { updateCompany } from '../api/update-company';
import { localized } from '../model/definitions';
import { reportSaveFailure, type FormError } from '../../../lib/form-errors';
import { formFields } from '../model/fields';
import { initialValues, missingRequired, toUpdateBody, type FieldValue, type FormValues } from '../model/form-values';
import { MasterDataFields } from './MasterDataFields';

export function CompanyPage() {
  const { t, i18n } = useTranslation('baseData');
  const { t: tc } = useTranslation('common');
  const definition = COMPANY_DEFINITION;
  const [record, setRecord] = useState<MasterRecord | null>(null);
  const [values, setValues] = useState<FormValues>(() => initialValues(definition, null));
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<FormError | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      const company = await getCompany();
      setRecord(company);
      setValues(initialValues(definition, company));
      setConflict(false);
      setError(null);
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }, [definition]);

  useEffect(() => {
    void load();
  }, [load]);

  const setValue = (field: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [field]: value }));
    setError((current) => (current && current.field === field ? null : current));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!record) return;
    const missing = missingRequired(definition, values);
    if (missing) {
      setError({ field: missing, message: t('form.required', { field: localized(definition.fields[missing].label, i18n.language) }), conflict: false });
      return;
    }
    const body: FormBody = toUpdateBody(definition, values, record);
    // A company not yet saved has no id/version to send.
    if (!record.id) delete body.id;
    if (!record.version) delete body.version;
    if (Object.keys(body).filter((key) => key !== 'id' && key !== 'version').length === 0) {
      notifyInfo(t('form.unchanged'));
      return;
    }
    setSaving(true);
    try {
      const saved = await updateCompany(body);
      setRecord(saved);
      setValues(initialValues(definition, saved));
      notifySuccess(t('company.saved'));
    } catch (failure) {
      reportSaveFailure(failure, formFields(definition).map(([name]) => name), { conflict: () => setConflict(true), field: setError, message: notifyError });
    } finally {
      setSaving(false);
    }
  };

  const title = localized(definition.label, i18n.language);
  return (
    <div className="page master-data-form-page" data-entity="company">
      <header className="page-header">
        <h1>{title}</h1>
        <p className="muted">{t('company.subtitle')}</p>
      </header>
      {conflict && (
        <div className="form-banner is-conflict" role="alert" data-testid="form-banner">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <div className="form-banner-text">
            <strong>{t('form.conflictTitle')}</strong>
            <span>{t('form.conflict')}</span>
          </div>
          <Button type="button" label={t('form.reload')} icon="pi pi-refresh" size="small" onClick={() => void load()} />
        </div>
      )}
      {status === 'failed' || status === 'loading' ? (
        <FormLoadState failed={status === 'failed'} failedMessage={t('form.loadFailed')} onRetry={() => void load()} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="master-data-form" aria-label={title}>
          <Card className="form-card">
            <MasterDataFields definition={definition} values={values} onChange={setValue} error={error} />
          </Card>
          <div className="form-actions">
            <Button
              type="button"
              label={tc('actions.reset')}
              icon="pi pi-undo"
              outlined
              severity="secondary"
              onClick={() => record && setValues(initialValues(definition, record))}
            />
            <Button type="submit" label={t('form.save')} icon="pi pi-check" loading={saving} />
          </div>
        </form>
      )}
    </div>
  );
}
