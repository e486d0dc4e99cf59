import { useTranslation } from 'react-i18next';
import type { KeyboardEvent } from 'react';
import type { ScanLookup } from '@contracts/production';

export interface QuantityPadProps {
  quantity: number;
  onChange: (value: number) => void;
  remaining: number | null;
  disabled: boolean;
  /** Enter in the number field confirms, as in the scan field. */
  onEnter: () => void;
  /** Letters typed into the number field are a scanner's code: hand them to the scan field. */
  onForeignText: (text: string) => void;
  lookup: ScanLookup | null;
  colorId: number | null;
  sizeId: number | null;
  onColor: (id: number | null) => void;
  onSize: (id: number | null) => void;
}

const STEPS = [-1, 1, 5, 10];

function Chips({ label, items, value, onChange, disabled, anyLabel, testId }: { label: string; items: { id: number; name: string }[]; value: number | null; onChange: (id: number | null) => void; disabled: boolean; anyLabel: string; testId: string }) {
  return (
    <div className="scan-chips" role="radiogroup" aria-label={label} data-testid={testId}>
      <span className="scan-chips-label">{label}</span>
      <div className="scan-chips-row">
        <button type="button" role="radio" aria-checked={value === null} className={`scan-chip${value === null ? ' is-selected' : ''}`} disabled={disabled} onClick={() => onChange(null)}>
          {anyLabel}
        </button>
        {items.map((item) => (
          <button key={item.id} type="button" role="radio" aria-checked={value === item.id} className={`scan-chip${value === item.id ? ' is-selected' : ''}`} disabled={disabled} onClick={() => onChange(value === item.id ? null : item.id)}>
            {item.name}
          </button>
        ))}
      </div>
    </div>
  );
}

export function QuantityPad({ quantity, onChange, remaining, disabled, onEnter, onForeignText, lookup, colorId, sizeId, onColor, onSize }: QuantityPadProps) {
  const { t } = useTranslation('scanStation');
  const over = remaining !== null && quantity > remaining;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
    }
  };

  return (
    <div className="scan-quantity" data-testid="scan-quantity">
      <label htmlFor="scan-quantity-input" className="scan-quantity-label">
        {t('quantity.label')}
      </label>
      <input
        id="scan-quantity-input"
        className="scan-quantity-input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={quantity ? String(quantity) : ''}
        placeholder="0"
        disabled={disabled}
        onKeyDown={onKeyDown}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          const text = event.target.value;
          if (/[^\d\s]/.test(text)) {
            onForeignText(text.replace(/^\d+/, ''));
            return;
          }
          onChange(Number(text.replace(/\D/g, '')) || 0);
        }}
      />
      <div className="scan-quantity-buttons">
        {STEPS.map((step) => (
          <button key={step} type="button" className={`scan-step-button${step < 0 ? ' is-minus' : ''}`} disabled={disabled || (step < 0 && quantity <= 0)} onClick={() => onChange(quantity + step)}>
            {step > 0 ? `+${step}` : `−${-step}`}
          </button>
        ))}
        <button type="button" className="scan-step-button is-all" disabled={disabled || remaining === null || remaining <= 0} onClick={() => remaining !== null && onChange(remaining)} data-testid="scan-all">
          {t('quantity.all', { count: remaining ?? 0 })}
        </button>
        <button type="button" className="scan-step-button is-clear" disabled={disabled || quantity === 0} onClick={() => onChange(0)}>
          {t('quantity.clear')}
        </button>
      </div>
      {over && <p className="scan-over">{t('quantity.overRemaining', { count: remaining })}</p>}
      {lookup && lookup.colors.length > 0 && (
        <Chips label={t('quantity.color')} items={lookup.colors} value={colorId} onChange={onColor} disabled={disabled} anyLabel={t('quantity.any')} testId="scan-colors" />
      )}
      {lookup && lookup.sizes.length > 0 && (
        <Chips label={t('quantity.size')} items={lookup.sizes} value={sizeId} onChange={onSize} disabled={disabled} anyLabel={t('quantity.any')} testId="scan-sizes" />
      )}
    </div>
  );
}
