import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { FormLoadState } from '../../../components/FormLoadState';
import { Card } from 'primereact/card';
import { NumberInput } from '../../../components/form/NumberInput';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { BOARD_DENSITIES, type DashboardSettings, type DashboardSettingsView } from '@contracts/api';
import { storedRefreshType } from '../../../lib/board-vocabulary';
import { ApiError } from '../../../lib/http-client';
import { notifyInfo, notifySuccess } from '../../../lib/notify';
import { useAsyncAction } from '../../../lib/use-async';
import { useDashboardSetting } from '../api/get-dashboard-setting';
import { updateDashboardSetting } from '../api/update-dashboard-setting';
import { useBoardScopeOptions } from '../api/get-board-scope-options';
import { BoardProfilesPanel } from './BoardProfilesPanel';
import { DisplayModeField, Field, RefreshIntervalField, RefreshTypeField, ScopeField, SortField, useRefreshIntervalCheck, type WithIntervalDraft } from './BoardSettingFields';

const DENSITY_ICONS = { comfortable: 'pi pi-search-plus', default: 'pi pi-desktop', dense: 'pi pi-bars' } as const;

function pickSettings(view: DashboardSettingsView): DashboardSettings {
  const { refreshType, refreshInterval, completedVisibleDays, displayMode, sortBy, boardKeyEnabled } = view;
  // A server from before density and scope existed sends none: the defaults.
  const { density = 'default', processIds = [], customerIds = [], showWip = false } = view;
  return { refreshType: storedRefreshType(refreshType), refreshInterval, completedVisibleDays, displayMode, sortBy, boardKeyEnabled, density, processIds, customerIds, showWip };
}

/** The form's values: the interval may be empty while it is edited. */
type SettingsForm = WithIntervalDraft<DashboardSettings>;

// Id lists compare by content (the same scope chosen again is no change).
const sameSettings = (a: SettingsForm, b: DashboardSettings): boolean =>
  (Object.keys(b) as (keyof DashboardSettings)[]).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

export function DashboardSettingsPage() {
  const { t } = useTranslation('settingsDashboard');
  const { t: tc } = useTranslation('common');
  const { data, error, loading, reload } = useDashboardSetting();
  const [saved, setSaved] = useState<DashboardSettingsView | null>(null);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useAsyncAction(updateDashboardSetting);
  const scope = useBoardScopeOptions();
  const interval = useRefreshIntervalCheck('refreshInterval');

  useEffect(() => {
    if (data) {
      setSaved(data);
      setForm(pickSettings(data));
    }
  }, [data]);

  const update = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => {
    setServerError(null);
    if (key === 'refreshInterval') interval.clear();
    setForm((current) => (current ? { ...current, [key]: value } : current));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || !saved) return;
    const { refreshInterval } = form;
    if (!interval.check(refreshInterval)) return;
    if (sameSettings(form, pickSettings(saved))) {
      notifyInfo(t('page.unchanged'));
      return;
    }
    setServerError(null);
    try {
      const result = await save.run({ ...form, refreshInterval });
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

  const dirty = !sameSettings(form, pickSettings(saved));

  return (
    <div className="page settings-page">
      <header className="page-header">
        <h1>{t('page.title')}</h1>
        <p className="muted">{t('page.subtitle')}</p>
      </header>
      <form onSubmit={submit} noValidate className="settings-form" aria-label={t('page.title')}>
        <Card className="settings-card" title={t('page.presentation')}>
          <RefreshTypeField id="refresh-type" name="refreshType" label={tc('board.fields.refreshType')} value={form.refreshType} onChange={(value) => update('refreshType', value)} withHints />
          <div className="form-grid">
            <RefreshIntervalField
              id="refreshInterval"
              name="refreshInterval"
              label={tc('board.fields.refreshInterval')}
              hint={t('page.refreshIntervalHint')}
              suffix={t('page.secondsSuffix')}
              value={form.refreshInterval}
              onChange={(value) => update('refreshInterval', value)}
              missing={interval.missing}
            />
            <Field id="completedVisibleDays" label={tc('board.fields.completedVisibleDays')} hint={t('page.completedVisibleDaysHint')}>
              <NumberInput
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
            <DisplayModeField id="displayMode" name="displayMode" label={tc('board.fields.displayMode')} value={form.displayMode} onChange={(value) => update('displayMode', value)} />
            <SortField id="sortBy" name="sortBy" label={tc('board.fields.sortBy')} value={form.sortBy} onChange={(value) => update('sortBy', value)} />
          </div>
        </Card>

        <Card className="settings-card" title={t('page.tv')}>
          <div className="form-field">
            <span className="field-label" id="density-label">
              {t('page.density')}
            </span>
            <div className="mode-options" role="radiogroup" aria-labelledby="density-label">
              {BOARD_DENSITIES.map((density) => (
                <label key={density} className={`mode-option${form.density === density ? ' is-selected' : ''}`} data-density={density}>
                  <RadioButton inputId={`density-${density}`} name="density" value={density} checked={form.density === density} onChange={() => update('density', density)} />
                  <i className={`${DENSITY_ICONS[density]} mode-icon`} aria-hidden="true" />
                  <span className="mode-title">{t(`page.densities.${density}`)}</span>
                  <span className="mode-hint">{t(`page.densityHints.${density}`)}</span>
                </label>
              ))}
            </div>
          </div>
          <div className="form-grid">
            <ScopeField
              id="boardProcesses"
              label={t('page.processIds')}
              hint={t('page.processIdsHint')}
              placeholder={t('page.allProcesses')}
              options={scope.processes}
              loading={scope.loading}
              value={form.processIds ?? []}
              onChange={(value) => update('processIds', value)}
              withCodes
            />
            <ScopeField
              id="boardCustomers"
              label={t('page.customerIds')}
              hint={t('page.customerIdsHint')}
              placeholder={t('page.allCustomers')}
              options={scope.customers}
              loading={scope.loading}
              value={form.customerIds ?? []}
              onChange={(value) => update('customerIds', value)}
              withCodes
            />
          </div>
        </Card>

          <div className="switch-field">
            <InputSwitch inputId="showWip" name="showWip" checked={Boolean(form.showWip)} onChange={(event) => update('showWip', Boolean(event.value))} />
            <div>
              <label htmlFor="showWip" className="switch-label">
                {t('page.showWip')}
              </label>
              <small className="field-hint">{t('page.showWipHint')}</small>
            </div>
          </div>
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
              interval.clear();
              setForm(pickSettings(saved));
            }}
          />
          <Button type="submit" label={tc('actions.save')} icon="pi pi-check" loading={save.loading} />
        </div>
      </form>
      <BoardProfilesPanel scope={scope} />
    </div>
  );
}
