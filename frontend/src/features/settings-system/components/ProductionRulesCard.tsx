// The production rules the server checks every scan against — scan in order, over-production
// tolerance, refusing flagged orders; for cut bundles, charging QC defects back and when a
// bundle counts as stuck.
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import type { ProductionSettings } from '@contracts/production';
import { NumberInput } from '../../../components/form/NumberInput';
import { updateProductionSetting } from '../api/production-settings';
import { SectionActions } from './SectionActions';
import { SettingNumberField } from './SettingNumberField';
import { useSectionForm } from './use-section-form';

type RulesForm = Omit<ProductionSettings, 'overProductionPercent' | 'bundleStuckHours'> & { overProductionPercent: number | null; bundleStuckHours: number | null };

const validPercent = (value: number | null): boolean => value !== null && Number.isInteger(value) && value >= 0 && value <= 100;

export const MIN_STUCK_HOURS = 1;
export const MAX_STUCK_HOURS = 720;
const validStuckHours = (value: number | null): boolean => value !== null && Number.isInteger(value) && value >= MIN_STUCK_HOURS && value <= MAX_STUCK_HOURS;

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

export function ProductionRulesCard({ saved, onSaved }: { saved: ProductionSettings; onSaved: (production: ProductionSettings) => void }) {
  const { t } = useTranslation('settingsSystem');
  const { t: tc } = useTranslation('common');
  const section = useSectionForm<RulesForm, ProductionSettings>(
    saved,
    (change) => updateProductionSetting(change as Partial<ProductionSettings>),
    (form) => ({
      overProductionPercent: validPercent(form.overProductionPercent) ? undefined : t('page.invalidPercent'),
      bundleStuckHours: validStuckHours(form.bundleStuckHours) ? undefined : t('page.range', { min: MIN_STUCK_HOURS, max: MAX_STUCK_HOURS }),
    }),
    { saved: t('page.saved'), unchanged: t('page.unchanged') },
    onSaved,
  );
  const { form, errors } = section;

  return (
    <form onSubmit={(event) => void section.submit(event)} noValidate className="settings-form" aria-label={t('page.production')}>
      <Card className="settings-card" title={t('page.production')}>
        <SwitchField id="scanInOrder" label={t('page.scanInOrder')} hint={t('page.scanInOrderHint')} checked={form.scanInOrder} onChange={(value) => section.set('scanInOrder', value)} />
        <div className="form-field">
          <label htmlFor="overProductionPercent">{t('page.overProductionPercent')}</label>
          <NumberInput
            inputId="overProductionPercent"
            name="overProductionPercent"
            value={form.overProductionPercent}
            onValueChange={(event) => section.set('overProductionPercent', event.value ?? null)}
            min={0}
            max={100}
            maxFractionDigits={0}
            suffix={t('page.percentSuffix')}
            useGrouping={false}
            invalid={Boolean(errors.overProductionPercent)}
            aria-describedby="overProductionPercent-hint"
            className="percent-input"
          />
          <small className="field-hint" id="overProductionPercent-hint">
            {t('page.overProductionPercentHint')}
          </small>
          {errors.overProductionPercent && (
            <small className="p-error" role="alert">
              {errors.overProductionPercent}
            </small>
          )}
        </div>
        <SwitchField
          id="refuseFlaggedOrders"
          label={t('page.refuseFlaggedOrders')}
          hint={t('page.refuseFlaggedOrdersHint')}
          checked={form.refuseFlaggedOrders}
          onChange={(value) => section.set('refuseFlaggedOrders', value)}
        />
        <SwitchField
          id="reworkChargeBack"
          label={t('page.reworkChargeBack')}
          hint={t('page.reworkChargeBackHint')}
          checked={form.reworkChargeBack}
          onChange={(value) => section.set('reworkChargeBack', value)}
        />
        <SettingNumberField
          id="bundleStuckHours"
          label={t('page.bundleStuckHours')}
          hint={t('page.bundleStuckHoursHint', { min: MIN_STUCK_HOURS, max: MAX_STUCK_HOURS })}
          value={form.bundleStuckHours}
          onChange={(value) => section.set('bundleStuckHours', value)}
          min={MIN_STUCK_HOURS}
          max={MAX_STUCK_HOURS}
          suffix={t('page.hoursSuffix')}
          error={errors.bundleStuckHours}
        />
        <SectionActions section={section} saveLabel={tc('actions.save')} testId="settings-save" errorTestId="settings-server-error" />
      </Card>
    </form>
  );
}
