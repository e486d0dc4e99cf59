import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { FormLoadState } from '../../../components/FormLoadState';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import {
  BOARD_DISPLAY_MODES,
  BOARD_SORT_OPTIONS,
  type BoardDisplayMode,
  type BoardSortOption,
  type DashboardSettings,
  type DashboardSettingsView,
} from '@contracts/api';
import { REFRESH_MODES, refreshModeOf } from '../../../lib/board-vocabulary';
import { ApiError } from '../../../lib/http-client';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { useAsyncAction } from '../../../lib/use-async';
import { useDashboardSetting } from '../api/get-dashboard-setting';
import { updateDashboardSetting } from '../api/update-dashboard-setting';

function pickSettings(view: DashboardSettingsView): DashboardSettings {
  const { refreshType, refreshInterval, completedVisibleDays, displayMode, sortBy, boardKeyEnabled } = view;
  return { refreshType, refreshInterval, completedVisibleDays, displayMode, sortBy, boardKeyEnabled };
}

const sameSettings = (a: DashboardSettings, b: DashboardSettings): boolean =>
  (Object.keys(a) as (keyof DashboardSettings)[]).every((key) => a[key] === b[key]);

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small className="field-hint">{hint}</small>}
    </div>
  );
}

export function DashboardSettingsPage() {
  const { t } = useTranslation('settingsDashboard');
  const { t: tc } = useTranslation('common');
  const { data, error, loading, reload } = useDashboardSetting();
  const [saved, setSaved] = useState<DashboardSettingsView | null>(null);
  const [form, setForm] = useState<DashboardSettings | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useAsyncAction(updateDashboardSetting);

  useEffect(() => {
    if (data) {
      setSaved(data);
      setForm(pickSettings(data));
    }
  }, [data]);

  const update = <K extends keyof DashboardSettings>(key: K, value: DashboardSettings[K]) => {
    setServerError(null);
    setForm((current) => (current ? { ...current, [key]: value } : current));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || !saved) return;
    if (sameSettings(form, pickSettings(saved))) {
      notifyInfo(t('page.unchanged'));
      return;
    }
    setServerError(null);
    try {
      const result = await save.run(form);
      setSaved(result);
      setForm(pickSettings(result));
      notifySuccess(t('page.saved'));
    } catch (failure) {
      // 400 names the offending field; 401 is handled (and shown) by the HTTP client.
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') setServerError(failure.message);
    }
  };

  const copyKey = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      notifySuccess(t('page.copied'));
    } catch {
      // Clipboard access can be denied (plain http); the key stays selectable in the field.
    }
  };

  if (!form || !saved) {
    return (
      <div className="page settings-page">
        <header className="page-header">
          <h1>{t('page.title')}</h1>
        </header>
        <FormLoadState className="settings-card" failed={Boolean(error) && !loading} failedMessage={t('page.loadFailed')} onRetry={() => void reload()} rows={6} />
      </div>
    );
  }

  const currentMode = refreshModeOf(form.refreshType);
  const dirty = !sameSettings(form, pickSettings(saved));

  return (
    <div className="page settings-page">
      <header className="page-header">
        <h1>{t('page.title')}</h1>
        <p className="muted">{t('page.subtitle')}</p>
      </header>
      <form onSubmit={submit} noValidate className="settings-form" aria-label={t('page.title')}>
        <Card className="settings-card" title={t('page.presentation')}>
          <div className="form-field">
            <span className="field-label" id="refresh-type-label">
              {tc('board.fields.refreshType')}
            </span>
            <div className="mode-options" role="radiogroup" aria-labelledby="refresh-type-label">
              {REFRESH_MODES.map((option) => (
                <label key={option.mode} className={`mode-option${currentMode === option.mode ? ' is-selected' : ''}`} data-mode={option.mode}>
                  <RadioButton
                    inputId={`refresh-type-${option.mode}`}
                    name="refreshType"
                    value={option.value}
                    checked={currentMode === option.mode}
                    onChange={() => update('refreshType', option.value)}
                  />
                  <i className={`${option.icon} mode-icon`} aria-hidden="true" />
                  <span className="mode-title">{tc(`board.refreshType.${option.mode}`)}</span>
                  <span className="mode-hint">{tc(`board.refreshTypeHint.${option.mode}`)}</span>
                </label>
              ))}
            </div>
          </div>
          <div className="form-grid">
            <Field id="refreshInterval" label={tc('board.fields.refreshInterval')} hint={t('page.refreshIntervalHint')}>
              <InputNumber
                inputId="refreshInterval"
                name="refreshInterval"
                value={form.refreshInterval}
                onValueChange={(event) => update('refreshInterval', event.value ?? 0)}
                min={1}
                max={3600}
                suffix={t('page.secondsSuffix')}
                useGrouping={false}
              />
            </Field>
            <Field id="completedVisibleDays" label={tc('board.fields.completedVisibleDays')} hint={t('page.completedVisibleDaysHint')}>
              <InputNumber
                inputId="completedVisibleDays"
                name="completedVisibleDays"
                value={form.completedVisibleDays}
                onValueChange={(event) => update('completedVisibleDays', event.value ?? 0)}
                min={0}
                max={3650}
                suffix={t('page.daysSuffix')}
                useGrouping={false}
              />
            </Field>
          </div>
        </Card>

        <Card className="settings-card" title={t('page.content')}>
          <div className="form-grid">
            <Field id="displayMode" label={tc('board.fields.displayMode')}>
              <Dropdown
                inputId="displayMode"
                name="displayMode"
                value={form.displayMode}
                options={BOARD_DISPLAY_MODES.map((value) => ({ value, label: tc(`board.displayMode.${value}`) }))}
                onChange={(event) => update('displayMode', event.value as BoardDisplayMode)}
              />
            </Field>
            <Field id="sortBy" label={tc('board.fields.sortBy')}>
              <Dropdown
                inputId="sortBy"
                name="sortBy"
                value={form.sortBy}
                options={BOARD_SORT_OPTIONS.map((value) => ({ value, label: tc(`board.sortBy.${value}`) }))}
                onChange={(event) => update('sortBy', event.value as BoardSortOption)}
              />
            </Field>
          </div>
        </Card>

        <Card className="settings-card" title={t('page.access')}>
          <div className="switch-field">
            <InputSwitch
              inputId="boardKeyEnabled"
              name="boardKeyEnabled"
              checked={form.boardKeyEnabled}
              onChange={(event) => update('boardKeyEnabled', Boolean(event.value))}
            />
            <div>
              <label htmlFor="boardKeyEnabled" className="switch-label">
                {tc('board.fields.boardKeyEnabled')}
              </label>
              <small className="field-hint">{t('page.boardKeyEnabledHint')}</small>
            </div>
          </div>
          {saved.boardKey !== undefined && (
            <Field id="boardKey" label={tc('board.fields.boardKey')} hint={saved.boardKey ? t('page.boardKeyHint') : undefined}>
              <div className="p-inputgroup board-key">
                <InputText id="boardKey" value={saved.boardKey || t('page.boardKeyNone')} readOnly className="board-key-input" />
                {saved.boardKey && (
                  <Button type="button" icon="pi pi-copy" outlined aria-label={t('page.copy')} onClick={() => void copyKey(saved.boardKey ?? '')} />
                )}
              </div>
            </Field>
          )}
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
              setForm(pickSettings(saved));
            }}
          />
          <Button type="submit" label={tc('actions.save')} icon="pi pi-check" loading={save.loading} />
        </div>
      </form>
    </div>
  );
}
