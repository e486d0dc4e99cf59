import { useTranslation } from 'react-i18next';
import type { KeyboardEvent, Ref } from 'react';
import type { ScanLookup } from '@contracts/production';
import type { RemainingNumbers } from '../model/remaining';

export interface QuantityPadProps {
  quantity: number;
  onChange: (value: number) => void;
  /** Remaining (plan − done), tolerance, what "all remaining" records, the limit: of the order or the chosen cell. */
  numbers: RemainingNumbers | null;
  disabled: boolean;
  /** The quantity shown was just recorded (phase done): no "over the remaining" warning about it. */
  recorded?: boolean;
  /** The page reads every key (scanner or person? Enter, Esc): see model/station-input.ts. */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onFocus: () => void;
  inputRef: Ref<HTMLInputElement>;
  /** On a phone the number keyboard opens only when the field is tapped (it would hide the buttons). */
  softKeyboard: boolean;
  onTapField: () => void;
  /** Letters that reached the number field anyway (paste, a phone keyboard): hand them to the scan field. */
  onForeignText: (text: string) => void;
  lookup: ScanLookup | null;
  /** The sub-process the scan names (null: the whole process), when the process has sub-processes. */
  subProcessId: number | null;
  onSubProcess: (id: number | null) => void;
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

export function QuantityPad({ quantity, onChange, numbers, disabled, recorded = false, onKeyDown, onFocus, inputRef, softKeyboard, onTapField, onForeignText, lookup, subProcessId, onSubProcess, colorId, sizeId, onColor, onSize }: QuantityPadProps) {
  const { t } = useTranslation('scanStation');
  // After a recorded scan the remaining already counts the quantity shown: comparing them again
  // would call the scan just recorded "over the limit".
  const overLimit = !recorded && numbers !== null && numbers.limit !== null && quantity > numbers.limit;
  const overRemaining = !recorded && numbers !== null && !overLimit && quantity > numbers.remaining;

  return (
    <div className="scan-quantity" data-testid="scan-quantity">
      <div className="scan-quantity-head">
        <label htmlFor="scan-quantity-input" className="scan-quantity-label">
          {t('quantity.label')}
        </label>
        {!disabled && <span className="scan-quantity-keys" id="scan-quantity-keys">{t('quantity.keys')}</span>}
      </div>
      <input
        id="scan-quantity-input"
        ref={inputRef}
        className="scan-quantity-input"
        type="text"
        inputMode={softKeyboard ? 'numeric' : 'none'}
        enterKeyHint="done"
        autoComplete="off"
        value={quantity ? String(quantity) : ''}
        placeholder="0"
        disabled={disabled}
        aria-describedby={disabled ? undefined : 'scan-quantity-keys'}
        onKeyDown={onKeyDown}
        onPointerDown={onTapField}
        onFocus={(event) => {
          event.currentTarget.select();
          onFocus();
        }}
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
        <button type="button" className="scan-step-button is-all" disabled={disabled || numbers === null || numbers.ready <= 0} onClick={() => numbers !== null && onChange(numbers.ready)} data-testid="scan-all">
          {t('quantity.all', { count: numbers?.ready ?? 0 })}
        </button>
        <button type="button" className="scan-step-button is-clear" disabled={disabled || quantity === 0} onClick={() => onChange(0)}>
          {t('quantity.clear')}
        </button>
      </div>
      {overRemaining && (
        <p className="scan-over" data-testid="scan-over">
          {numbers.tolerance === null ? t('quantity.overRemainingUnknown', { remaining: numbers.remaining }) : t('quantity.overRemaining', { remaining: numbers.remaining, tolerance: numbers.tolerance })}
        </p>
      )}
      {overLimit && (
        <p className="scan-over is-refused" data-testid="scan-over">
          {t('quantity.overLimit', { count: numbers.limit })}
        </p>
      )}
      {lookup?.subProcesses && lookup.subProcesses.length > 0 && (
        <Chips
          label={t('quantity.subProcess')}
          items={lookup.subProcesses.map((sub) => ({ id: sub.id, name: sub.last ? t('quantity.lastSubProcess', { name: sub.name }) : sub.name }))}
          value={subProcessId}
          onChange={onSubProcess}
          disabled={disabled}
          anyLabel={t('quantity.wholeProcess')}
          testId="scan-sub-processes"
        />
      )}
      {lookup && lookup.colors.length > 0 && (
        <Chips label={t('quantity.color')} items={lookup.colors} value={colorId} onChange={onColor} disabled={disabled} anyLabel={t('quantity.any')} testId="scan-colors" />
      )}
      {lookup && lookup.sizes.length > 0 && (
        <Chips label={t('quantity.size')} items={lookup.sizes} value={sizeId} onChange={onSize} disabled={disabled} anyLabel={t('quantity.any')} testId="scan-sizes" />
      )}
    </div>
  );
}
