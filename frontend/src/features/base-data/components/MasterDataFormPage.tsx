// The one form of every base-data entity, for create and update alike, driven by its
// definition; entities with behaviour add a panel (extensions/registry). Server refusals show
// under the field they name; a stale version says someone else saved first and offers a
// reload; a change by someone else while the form is open shows a banner instead of being
// silently overwritten.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { FormLoadState } from '../../../components/FormLoadState';
import { Card } from 'primereact/card';
import type { MasterDataDefinition, MasterRecord } from '@contracts/master-data';
import { basePath, type RouteScreenProps } from '../../../config/paths';
import type { FormBody } from '../../../lib/http-client';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { createMasterData } from '../api/create-master-data';
import { getMasterDataDetail } from '../api/get-master-data-detail';
import { updateMasterData } from '../api/update-master-data';
import type { FormExtension, FormMode } from '../extensions/form-extension';
import { formExtensionOf } from '../extensions/registry';
import { useMasterDataChanges } from '../hooks/use-master-data-changes';
import { definitionOf, localized } from '../model/definitions';
import { reportSaveFailure, type FormError } from '../../../lib/form-errors';
import { formFields } from '../model/fields';
import { initialValues, missingRequired, toCreateBody, toUpdateBody, type FieldValue, type FormValues } from '../model/form-values';
import { fieldInputId, MasterDataFields } from './MasterDataFields';

type Banner = 'changed' | 'deleted' | 'conflict' | null;

export function MasterDataFormPage({ route, params }: RouteScreenProps) {
  const definition = definitionOf(route.entity);
  if (!definition) return null;
  const mode: FormMode = route.name.endsWith('Create') ? 'create' : 'update';
  return <MasterDataForm definition={definition} mode={mode} id={params.id} titleKey={route.titleKey} />;
}

interface MasterDataFormProps {
  definition: MasterDataDefinition;
  mode: FormMode;
  id?: string;
  titleKey: string;
}

export function MasterDataForm({ definition, mode, id, titleKey }: MasterDataFormProps) {
  const { t, i18n } = useTranslation('baseData');
  const { t: tc } = useTranslation('common');
  const [, navigate] = useLocation();
  const entity = definition.name;
  const extension = formExtensionOf(entity);
  const [record, setRecord] = useState<MasterRecord | null>(null);
  const [values, setValues] = useState<FormValues>(() => initialValues(definition, null));
  const [extensionState, setExtensionState] = useState<unknown>(() => extension?.init(null));
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>(mode === 'create' ? 'ready' : 'loading');
  const [error, setError] = useState<FormError | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const [saving, setSaving] = useState(false);
  const versionRef = useRef<number | null>(null);

  const load = useCallback(async () => {
    if (mode === 'create' || !id) return;
    setStatus('loading');
    try {
      const loaded = await getMasterDataDetail(entity, id);
      versionRef.current = loaded.version;
      setRecord(loaded);
      setValues(initialValues(definition, loaded));
      setExtensionState(extension?.init(loaded));
      setError(null);
      setBanner(null);
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  }, [definition, entity, extension, id, mode]);

  useEffect(() => {
    void load();
  }, [load]);

  // Someone else's save of this record: compare versions, so our own save (whose event also
  // arrives here) never raises the banner.
  useMasterDataChanges(entity, (changes) => {
    if (mode !== 'update' || !id) return;
    const mine = changes.filter((change) => String(change.id) === String(id));
    if (mine.length === 0 && changes.length > 0) return;
    if (mine.some((change) => change.action === 'deleted')) {
      setBanner('deleted');
      return;
    }
    getMasterDataDetail(entity, id, { silent: true })
      .then((latest) => {
        if (versionRef.current !== null && latest.version !== versionRef.current) setBanner((current) => current ?? 'changed');
      })
      .catch(() => setBanner('deleted'));
  });

  const setValue = (field: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [field]: value }));
    setError((current) => (current && current.field === field ? null : current));
  };

  const fieldNames = [...formFields(definition).map(([name]) => name), ...(extension?.fields ?? [])];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingRequired(definition, values);
    if (missing) {
      const label = localized(definition.fields[missing].label, i18n.language);
      setError({ field: missing, message: t('form.required', { field: label }), conflict: false });
      document.getElementById(fieldInputId(missing))?.focus();
      return;
    }
    const extensionProblem = extension?.validate?.(extensionState, values, mode);
    if (extensionProblem) {
      setError({ ...extensionProblem, conflict: false });
      return;
    }
    const extra: FormBody = extension ? extension.toBody(extensionState, mode) : {};
    setSaving(true);
    setError(null);
    try {
      if (mode === 'create') {
        await createMasterData(entity, { ...toCreateBody(definition, values), ...extra });
      } else if (record) {
        const body = { ...toUpdateBody(definition, values, record), ...extra };
        if (Object.keys(body).length <= 2) {
          notifyInfo(t('form.unchanged'));
          return;
        }
        const saved = await updateMasterData(entity, body);
        versionRef.current = saved.version;
      }
      notifySuccess(t('form.saved'));
      navigate(basePath(entity, 'index'));
    } catch (failure) {
      reportSaveFailure(failure, fieldNames, {
        conflict: () => {
          setBanner('conflict');
          window.scrollTo(0, 0);
        },
        field: setError,
        message: notifyError,
      });
    } finally {
      setSaving(false);
    }
  };

  const title = t(titleKey.replace(/^baseData:/, ''));
  const back = () => navigate(basePath(entity, 'index'));

  return (
    <div className="page master-data-form-page" data-entity={entity}>
      <header className="page-header page-header-row">
        <div>
          <h1>{title}</h1>
          {record && <p className="muted">{String(record.code ?? record.username ?? record.name ?? '')}</p>}
        </div>
        <Button type="button" label={t('form.back')} icon="pi pi-arrow-left" text severity="secondary" onClick={back} />
      </header>

      {banner && (
        <div className={`form-banner is-${banner}`} role="alert" data-testid="form-banner">
          <i className={banner === 'deleted' ? 'pi pi-trash' : 'pi pi-exclamation-triangle'} aria-hidden="true" />
          <div className="form-banner-text">
            {banner === 'conflict' && <strong>{t('form.conflictTitle')}</strong>}
            <span>{banner === 'conflict' ? t('form.conflict') : banner === 'changed' ? t('form.changedByOthers') : t('form.deletedByOthers')}</span>
          </div>
          {banner !== 'deleted' && <Button type="button" label={t('form.reload')} icon="pi pi-refresh" size="small" onClick={() => void load()} />}
        </div>
      )}

      {status === 'failed' || status === 'loading' ? (
        <FormLoadState failed={status === 'failed'} failedMessage={t('form.loadFailed')} onRetry={() => void load()} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="master-data-form" aria-label={title}>
          <Card className="form-card">
            <MasterDataFields
              definition={definition}
              values={values}
              onChange={setValue}
              error={error && !error.conflict ? error : null}
              hidden={extension?.hiddenFields}
            />
          </Card>
          {extension && (
            <ExtensionPanel
              extension={extension}
              definition={definition}
              mode={mode}
              record={record}
              values={values}
              setValue={setValue}
              state={extensionState}
              setState={setExtensionState}
              error={error && error.field && extension.fields.includes(error.field) ? error : null}
            />
          )}
          <div className="form-actions">
            <Button type="button" label={tc('actions.cancel')} outlined severity="secondary" onClick={back} />
            <Button type="submit" label={t('form.save')} icon="pi pi-check" loading={saving} disabled={banner === 'deleted'} />
          </div>
        </form>
      )}
    </div>
  );
}

interface ExtensionPanelHostProps {
  extension: FormExtension<unknown>;
  definition: MasterDataDefinition;
  mode: FormMode;
  record: MasterRecord | null;
  values: FormValues;
  setValue: (field: string, value: FieldValue) => void;
  state: unknown;
  setState: (update: (current: unknown) => unknown) => void;
  error: { field: string | null; message: string } | null;
}

function ExtensionPanel({ extension, ...props }: ExtensionPanelHostProps) {
  const { Panel } = extension;
  return (
    <Card className="form-card extension-card">
      <Panel {...props} />
    </Card>
  );
}
