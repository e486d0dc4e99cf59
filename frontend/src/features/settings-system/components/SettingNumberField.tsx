import { NumberInput } from '../../../components/form/NumberInput';

export interface SettingNumberFieldProps {
  id: string;
  label: string;
  hint: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min: number;
  max: number;
  suffix?: string;
  error?: string;
}

/** A whole-number setting with its hint (the allowed range) and its error under it. */
export function SettingNumberField({ id, label, hint, value, onChange, min, max, suffix, error }: SettingNumberFieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <NumberInput
        inputId={id}
        name={id}
        value={value}
        onValueChange={(event) => onChange(event.value ?? null)}
        min={min}
        max={max}
        maxFractionDigits={0}
        useGrouping={false}
        suffix={suffix}
        invalid={Boolean(error)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="setting-number"
      />
      <small className="field-hint" id={`${id}-hint`}>
        {hint}
      </small>
      {error && (
        <small className="p-error" id={`${id}-error`} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
