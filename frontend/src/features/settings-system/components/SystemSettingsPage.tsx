// System settings (/setting/index, route Setting): the production rules the server checks every
// scan against — scan in order, over-production tolerance, refusing flagged orders.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { FormLoadState } from '../../../components/FormLoadState';
import { Card } from 'primereact/card';
import { NumberInput } from '../../../components/form/NumberInput';
import { InputSwitch } from 'primereact/inputswitch';
import { Message } from 'primereact/message';
import type { ProductionSettings } from '@contracts/production';
import type { RouteScreenProps } from '../../../config/paths';
import { ApiError } from '../../../lib/http-client';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { useAsyncAction } from '../../../lib/use-async';
import { updateProductionSetting, useProductionSetting } from '../api/production-settings';
import { SystemTitleCard } from './SystemTitleCard';
import '../settings-system.css';

const KEYS: (keyof ProductionSettings)[] = ['scanInOrder', 'overProductionPercent', 'refuseFlaggedOrders'];

/** Only what changed is sent (the endpoint takes a partial update). */
function changesOf(form: ProductionSettings, saved: ProductionSettings): Partial<ProductionSettings> {
  return Object.fromEntries(KEYS.filter((key) => form[key] !== saved[key]).map((key) => [key, form[key]])) as Partial<ProductionSettings>;
}

const validPercent = (value: number | null): boolean => value !== null && Number.isInteger(value) && value >= 0 && value <= 100;

function SwitchField({ id, label, hint, checked, onChange }: { id: keyof ProductionSettings; label: string; hint: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="switch-field">
      <InputSwitch inputId={id} name={id} checked={checked} onChange={(event) => onChange(Boolean(event.value))} aria-describedby={`${id}-hint`} />
      <div>
        <label htmlFor={id} className="switch-label">
          {label}
        </label>
        <small className="field-hint" id={`${id}-hint`}>
          {hint}
        </small>
      </div>
    </div>
  );
}

export function SystemSettingsPage(_props: RouteScreenProps) {
  const { t } = useTranslation('settingsSystem');
  const { t: tc } = useTranslation('common');
  const { data, error, loading, reload } = useProductionSetting();
  const [saved, setSaved] = useState<ProductionSettings | null>(null);
  const [form, setForm] = useState<ProductionSettings | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [percentError, setPercentError] = useState(false);
  const save = useAsyncAction(updateProductionSetting);

  useEffect(() => {
    if (data) {
      setSaved(data);
      setForm(data);
      setPercent(data.overProductionPercent);
    }
  }, [data]);

  const update = <K extends keyof ProductionSettings>(key: K, value: ProductionSettings[K]) => {
    setServerError(null);
    setForm((current) => (current ? { ...current, [key]: value } : current));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || !saved) return;
    if (!validPercent(percent)) {
      setPercentError(true);
      return;
    }
    const next = { ...form, overProductionPercent: percent as number };
    const change = changesOf(next, saved);
    if (Object.keys(change).length === 0) {
      notifyInfo(t('page.unchanged'));
      return;
    }
    setServerError(null);
    try {
      const result = await save.run(change);
      setSaved(result);
      setForm(result);
      setPercent(result.overProductionPercent);
      notifySuccess(t('page.saved'));
    } catch (failure) {
      // 401 is handled (and shown) by the HTTP client; everything else is shown here.
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') setServerError(failure.message);
    }
  };

  if (!form || !saved) {
    return (
      <div className="page settings-page system-settings-page">
        <header className="page-header">
          <h1>{t('page.title')}</h1>
        </header>
        <FormLoadState className="settings-card" failed={Boolean(error) && !loading} failedMessage={t('page.loadFailed')} onRetry={() => void reload()} rows={3} />
      </div>
    );
  }

  const current = { ...form, overProductionPercent: percent ?? saved.overProductionPercent };
  const dirty = Object.keys(changesOf(current, saved)).length > 0 || percent === null;

  return (
    <div className="page settings-page system-settings-page" data-testid="system-settings">
      <header className="page-header">
        <h1>{t('page.title')}</h1>
        <p className="muted">{t('page.subtitle')}</p>
      </header>
      <SystemTitleCard />
      <form onSubmit={submit} noValidate className="settings-form" aria-label={t('page.title')}>
        <Card className="settings-card" title={t('page.production')}>
          <SwitchField id="scanInOrder" label={t('page.scanInOrder')} hint={t('page.scanInOrderHint')} checked={form.scanInOrder} onChange={(value) => update('scanInOrder', value)} />
          <div className="form-field">
            <label htmlFor="overProductionPercent">{t('page.overProductionPercent')}</label>
            <NumberInput
              inputId="overProductionPercent"
              name="overProductionPercent"
              value={percent}
              onValueChange={(event) => {
                setServerError(null);
                setPercentError(false);
                setPercent(event.value ?? null);
              }}
              min={0}
              max={100}
              maxFractionDigits={0}
              suffix={t('page.percentSuffix')}
              useGrouping={false}
              invalid={percentError}
              aria-describedby="overProductionPercent-hint"
              className="percent-input"
            />
            <small className="field-hint" id="overProductionPercent-hint">
              {t('page.overProductionPercentHint')}
            </small>
            {percentError && (
              <small className="p-error" role="alert">
                {t('page.invalidPercent')}
              </small>
            )}
          </div>
          <SwitchField
            id="refuseFlaggedOrders"
            label={t('page.refuseFlaggedOrders')}
            hint={t('page.refuseFlaggedOrdersHint')}
            checked={form.refuseFlaggedOrders}
            onChange={(value) => update('refuseFlaggedOrders', value)}
          />
        </Card>

        {serverError && <Message className="server-error" severity="error" text={serverError} data-testid="settings-server-error" />}
        <div className="form-actions">
          <Button
            type="button"
            label={tc('actions.reset')}
            icon="pi pi-undo"
            outlined
            severity="secondary"
            disabled={!dirty || save.loading}
            onClick={() => {
              setServerError(null);
              setPercentError(false);
              setForm(saved);
              setPercent(saved.overProductionPercent);
            }}
          />
          <Button type="submit" label={tc('actions.save')} icon="pi pi-check" loading={save.loading} data-testid="settings-save" />
        </div>
      </form>
    </div>
  );
}
