// A month, typed as YYYY-MM (read on Enter or blur) or stepped with the buttons beside it —
// the keyboard's way, like the app's date fields.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { isMonth, shiftMonth } from '../model/appraisal-query';

export function MonthInput({ value, onChange, label }: { value: string; onChange: (month: string) => void; label: string }) {
  const { t } = useTranslation('performanceAppraisal');
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  const id = `month-${useId().replace(/:/g, '')}`;
  useEffect(() => {
    setText(value);
    setInvalid(false);
  }, [value]);

  const commit = () => {
    const typed = text.trim().replace(/[/.年]/g, '-').replace(/月$/, '');
    const normalized = /^\d{4}-\d$/.test(typed) ? `${typed.slice(0, 5)}0${typed.slice(5)}` : typed;
    if (isMonth(normalized)) {
      setInvalid(false);
      if (normalized !== value) onChange(normalized);
      else setText(value);
    } else setInvalid(true);
  };

  return (
    <div className="order-filter month-input">
      <label className="order-filter-label" htmlFor={id}>
        {label}
      </label>
      <div className="month-input-row">
        <Button type="button" icon="pi pi-chevron-left" text severity="secondary" aria-label={t('month.previous')} onClick={() => onChange(shiftMonth(value, -1))} data-testid="month-previous" />
        <InputText
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault();
              onChange(shiftMonth(value, event.key === 'ArrowUp' ? 1 : -1));
            }
          }}
          placeholder="YYYY-MM"
          inputMode="numeric"
          invalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="month-input-field"
          data-testid="month-input"
        />
        <Button type="button" icon="pi pi-chevron-right" text severity="secondary" aria-label={t('month.next')} onClick={() => onChange(shiftMonth(value, 1))} data-testid="month-next" />
      </div>
      {invalid && (
        <small id={`${id}-error`} className="p-error" role="alert">
          {t('month.invalid')}
        </small>
      )}
    </div>
  );
}
