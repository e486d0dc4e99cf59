// The board settings that the dashboard settings (the default profile) and a board profile share:
// presentation, refresh interval, display mode, sort, and the process / customer scope. Both
// forms build these fields from here, so a new mode, option or limit reaches both at once. Each
// form keeps its own ids, labels and layout: the settings page spreads them over cards and
// explains each one; the profile dialog is compact.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { BOARD_DISPLAY_MODES, BOARD_SORT_OPTIONS, REFRESH_INTERVAL_SECONDS, type BoardDisplayMode, type BoardSortOption, type RefreshType } from '@contracts/api';
import { NumberInput } from '../../../components/form/NumberInput';
import { REFRESH_MODES, refreshModeOf } from '../../../lib/board-vocabulary';
import type { BoardScopeOption } from '../api/get-board-scope-options';

export function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <small className="field-hint">{hint}</small>}
    </div>
  );
}

/** One radio per board (whole page, scrolling, drop-down); `id` prefixes the group's ids. */
export function RefreshTypeField({
  id,
  name,
  label,
  value,
  onChange,
  withHints = false,
}: {
  id: string;
  name: string;
  label: string;
  value: RefreshType;
  onChange: (value: RefreshType) => void;
  /** A line under each board's name saying how it presents the orders. */
  withHints?: boolean;
}) {
  const { t } = useTranslation('common');
  const current = refreshModeOf(value);
  return (
    <div className="form-field">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="mode-options" role="radiogroup" aria-labelledby={`${id}-label`}>
        {REFRESH_MODES.map((option) => (
          <label key={option.mode} className={`mode-option${current === option.mode ? ' is-selected' : ''}`} data-mode={option.mode}>
            <RadioButton inputId={`${id}-${option.mode}`} name={name} value={option.value} checked={current === option.mode} onChange={() => onChange(option.value)} />
            <i className={`${option.icon} mode-icon`} aria-hidden="true" />
            <span className="mode-title">{t(`board.refreshType.${option.mode}`)}</span>
            {withHints && <span className="mode-hint">{t(`board.refreshTypeHint.${option.mode}`)}</span>}
          </label>
        ))}
      </div>
    </div>
  );
}

/** A form's values while the interval field may be empty (the user cleared it). */
export type WithIntervalDraft<T extends { refreshInterval: number }> = Omit<T, 'refreshInterval'> & { refreshInterval: number | null };

/**
 * An emptied interval is refused before anything is sent (the server would refuse 0, and a
 * silent fallback would save a value nobody typed): the field says so and takes the focus.
 */
export function useRefreshIntervalCheck(id: string) {
  const [missing, setMissing] = useState(false);
  return {
    missing,
    clear: () => setMissing(false),
    /** True when the form may be sent. */
    check(value: number | null): value is number {
      if (value !== null) return true;
      setMissing(true);
      document.getElementById(id)?.focus();
      return false;
    },
  };
}

export function RefreshIntervalField({
  id,
  name,
  label,
  hint,
  suffix,
  value,
  onChange,
  missing = false,
}: {
  id: string;
  name?: string;
  label: string;
  hint?: string;
  suffix?: string;
  value: number | null;
  onChange: (value: number | null) => void;
  /** The form was sent with the field empty (useRefreshIntervalCheck). */
  missing?: boolean;
}) {
  const { t } = useTranslation('settingsDashboard');
  const errorId = `${id}-required`;
  return (
    <Field id={id} label={label} hint={hint}>
      <NumberInput
        inputId={id}
        name={name}
        value={value}
        onValueChange={(event) => onChange(event.value)}
        // The server's bounds: a value outside them is pulled back into range when the field is left.
        min={REFRESH_INTERVAL_SECONDS.min}
        max={REFRESH_INTERVAL_SECONDS.max}
        suffix={suffix}
        useGrouping={false}
        invalid={missing}
        aria-describedby={missing ? errorId : undefined}
      />
      {missing && (
        <small className="p-error" id={errorId} role="alert" data-testid={errorId}>
          {t('page.refreshIntervalRequired')}
        </small>
      )}
    </Field>
  );
}

/** A dropdown over a closed list of values, each labelled by its translation key. */
function ChoiceField<T extends string>({ id, name, label, value, onChange, values, labelKey }: { id: string; name?: string; label: string; value: T; onChange: (value: T) => void; values: readonly T[]; labelKey: (value: T) => string }) {
  const { t } = useTranslation('common');
  return (
    <Field id={id} label={label}>
      <Dropdown inputId={id} name={name} value={value} options={values.map((option) => ({ value: option, label: t(labelKey(option)) }))} onChange={(event) => onChange(event.value as T)} />
    </Field>
  );
}

type ChoiceProps<T> = { id: string; name?: string; label: string; value: T; onChange: (value: T) => void };

export function DisplayModeField(props: ChoiceProps<BoardDisplayMode>) {
  return <ChoiceField {...props} values={BOARD_DISPLAY_MODES} labelKey={(mode) => `board.displayMode.${mode}`} />;
}

export function SortField(props: ChoiceProps<BoardSortOption>) {
  return <ChoiceField {...props} values={BOARD_SORT_OPTIONS} labelKey={(option) => `board.sortBy.${option}`} />;
}

const codeAndName = (option: BoardScopeOption): string => (option.code && option.code !== option.name ? `${option.code} · ${option.name}` : option.name);

/** The processes or customers a board is limited to; none chosen = all (the placeholder says so). */
export function ScopeField({
  id,
  label,
  hint,
  placeholder,
  options,
  loading,
  value,
  onChange,
  withCodes = false,
}: {
  id: string;
  label: string;
  hint?: string;
  placeholder: string;
  options: BoardScopeOption[];
  loading: boolean;
  value: number[];
  onChange: (value: number[]) => void;
  /** List each option as "code · name" (the name alone is shown once chosen). */
  withCodes?: boolean;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      <MultiSelect
        inputId={id}
        value={value}
        options={options}
        optionValue="id"
        optionLabel="name"
        itemTemplate={withCodes ? codeAndName : undefined}
        onChange={(event) => onChange(event.value as number[])}
        placeholder={placeholder}
        display="chip"
        filter
        loading={loading}
        aria-label={label}
      />
    </Field>
  );
}
