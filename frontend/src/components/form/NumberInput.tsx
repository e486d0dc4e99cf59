// The one number field of the app: a plain text input (inputMode numeric/decimal), so typing
// works the way people expect. PrimeReact's InputNumber masks key by key: with "0.00" shown and
// the caret after it, a typed digit had no decimal place left and was dropped. Here:
// - the whole text is selected on focus, by Tab and by mouse alike, so typing replaces it;
// - while typing, every readable value in range is passed on (live totals follow);
// - on blur or Enter the text is read: out of range → clamped, too many decimals → rounded,
//   unreadable → the previous value back, each with a short note under the field (never a
//   silent drop);
// - ArrowUp/ArrowDown step by `step` unless the caller's onKeyDown took the key (the colour ×
//   size grid uses them to move between cells).
// The props follow InputNumber's names (inputId, onValueChange, minFractionDigits…) so that
// replacing one is a change of tag.
import { useCallback, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './form.css';

export interface NumberValueChangeEvent {
  /** null when the field is empty. */
  value: number | null;
}

export interface NumberInputProps {
  inputId?: string;
  name?: string;
  value: number | null | undefined;
  onValueChange: (event: NumberValueChangeEvent) => void;
  min?: number;
  max?: number;
  /** Fixed decimals (2 for money). Shorthand for minFractionDigits = maxFractionDigits. */
  decimals?: number;
  minFractionDigits?: number;
  /** Digits kept after the point; more are rounded on commit. Default 0 (whole numbers). */
  maxFractionDigits?: number;
  useGrouping?: boolean;
  /** ISO 4217 code: the value is shown as an amount in it when not being edited. */
  currency?: string;
  /** Text after the value when not being edited ("%", " s"). */
  suffix?: string;
  /** What ArrowUp/ArrowDown add or take away. */
  step?: number;
  placeholder?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'data-testid'?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  inputClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

type Note = { key: 'min' | 'max'; limit: string } | { key: 'rounded'; count: number } | { key: 'notANumber' };

/** Reads typed text: grouping commas and spaces are ignored; '' is empty; NaN is unreadable. */
export function readNumber(text: string): number | null {
  const cleaned = text.replace(/[,\s\u00a0]/g, '');
  if (cleaned === '') return null;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

const roundTo = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
};

const decimalsOf = (text: string): number => {
  const cleaned = text.replace(/[,\s]/g, '');
  const point = cleaned.indexOf('.');
  return point < 0 ? 0 : cleaned.length - point - 1;
};

export function NumberInput({
  inputId,
  name,
  value,
  onValueChange,
  min,
  max,
  decimals,
  minFractionDigits,
  maxFractionDigits,
  useGrouping = false,
  currency,
  suffix,
  step = 1,
  placeholder,
  'aria-label': ariaLabel,
  'aria-describedby': ariaDescribedBy,
  'data-testid': testId,
  invalid,
  disabled,
  className,
  inputClassName,
  inputRef,
  onKeyDown,
  onBlur,
}: NumberInputProps) {
  const { t, i18n } = useTranslation('common');
  const generatedId = useId();
  const noteId = `${inputId ?? `number-${generatedId}`}-note`;
  const maxDigits = decimals ?? maxFractionDigits ?? 0;
  const minDigits = Math.min(decimals ?? minFractionDigits ?? 0, maxDigits);
  // The text being typed; null shows the formatted value.
  const [draft, setDraftState] = useState<string | null>(null);
  // The same, readable at once: Enter commits and the grid then moves the focus, whose blur
  // must not commit the same text a second time from a stale render.
  const draftRef = useRef<string | null>(null);
  const setDraft = (text: string | null) => {
    draftRef.current = text;
    setDraftState(text);
  };
  const [note, setNote] = useState<Note | null>(null);
  const selectOnMouseUp = useRef(false);
  const element = useRef<HTMLInputElement | null>(null);
  const selectPending = useRef(false);
  const setElement = useCallback(
    (input: HTMLInputElement | null) => {
      element.current = input;
      if (typeof inputRef === 'function') inputRef(input);
      else if (inputRef) inputRef.current = input;
    },
    [inputRef],
  );

  // Focus swaps the shown text for the bare number; select it once it is in the field.
  useLayoutEffect(() => {
    if (!selectPending.current) return;
    selectPending.current = false;
    if (element.current && document.activeElement === element.current) element.current.select();
  });

  const current = value ?? null;
  const editingText = (number: number | null): string => (number === null ? '' : number.toFixed(Math.max(minDigits, Math.min(maxDigits, decimalsOf(String(number))))));
  const display = (number: number | null): string => {
    if (number === null) return '';
    const text = new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: minDigits,
      maximumFractionDigits: maxDigits,
      useGrouping,
      ...(currency ? { style: 'currency', currency } : {}),
    }).format(number);
    return suffix ? `${text}${suffix}` : text;
  };
  const limit = (number: number): string => display(number);

  const emit = (next: number | null) => {
    if (next !== current) onValueChange({ value: next });
  };

  /** Reads the draft; returns whether it changed anything beyond what typing already passed on. */
  const commit = (): boolean => {
    const typed = draftRef.current;
    if (typed === null) return false;
    const read = readNumber(typed);
    setDraft(null);
    if (read === null) {
      setNote(null);
      emit(null);
      return false;
    }
    if (Number.isNaN(read)) {
      setNote({ key: 'notANumber' });
      return true;
    }
    let next = roundTo(read, maxDigits);
    let nextNote: Note | null = next !== read ? { key: 'rounded', count: maxDigits } : null;
    if (min !== undefined && next < min) {
      next = min;
      nextNote = { key: 'min', limit: limit(min) };
    } else if (max !== undefined && next > max) {
      next = max;
      nextNote = { key: 'max', limit: limit(max) };
    }
    setNote(nextNote);
    const changed = next !== current;
    emit(next);
    return changed || nextNote !== null;
  };

  const onType = (text: string) => {
    // Only what can be part of a number gets in. A minus stays even where negatives are not
    // allowed: -5 becomes the minimum with a note, not a silent 5.
    const allowed = text.replace(/[^\d.,\s+-]/g, '');
    setDraft(allowed);
    setNote(null);
    const read = readNumber(allowed);
    // Pass on what is already a finished value; out-of-range and half-typed text waits for commit.
    if (read === null) emit(null);
    else if (!Number.isNaN(read) && (min === undefined || read >= min) && (max === undefined || read <= max) && decimalsOf(allowed) <= maxDigits) emit(read);
  };

  const stepBy = (direction: 1 | -1) => {
    const base = draftRef.current !== null ? readNumber(draftRef.current) : current;
    let next = roundTo((base === null || Number.isNaN(base) ? (min ?? 0) : base) + direction * step, maxDigits);
    if (min !== undefined) next = Math.max(min, next);
    if (max !== undefined) next = Math.min(max, next);
    setDraft(editingText(next));
    setNote(null);
    emit(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      const changed = commit();
      onKeyDown?.(event);
      // The first Enter settles the field; the form is submitted by an Enter on a settled one.
      if (changed && !event.defaultPrevented) event.preventDefault();
      return;
    }
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      stepBy(event.key === 'ArrowUp' ? 1 : -1);
    }
  };

  const noteText = note
    ? note.key === 'min' || note.key === 'max'
      ? t(`form.number.${note.key}`, { limit: note.limit })
      : note.key === 'rounded'
        ? t('form.number.rounded', { count: note.count })
        : t('form.number.notANumber')
    : null;
  const describedBy = [ariaDescribedBy, noteText ? noteId : null].filter(Boolean).join(' ') || undefined;

  return (
    <span className={['number-input p-inputnumber p-component p-inputwrapper', className ?? ''].filter(Boolean).join(' ')} data-testid={testId}>
      <input
        ref={setElement}
        id={inputId}
        name={name}
        type="text"
        // A spinbutton (as InputNumber was): a number that also steps with the arrow keys.
        role="spinbutton"
        aria-valuenow={current ?? undefined}
        aria-valuemin={min}
        aria-valuemax={max}
        inputMode={maxDigits > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        className={['p-inputtext p-component p-inputnumber-input', invalid ? 'p-invalid' : '', inputClassName ?? ''].filter(Boolean).join(' ')}
        value={draft ?? display(current)}
        placeholder={placeholder}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        disabled={disabled}
        onChange={(event) => onType(event.target.value)}
        onFocus={(event) => {
          // Edit the bare number (no grouping, currency or suffix), all of it selected.
          event.currentTarget.select();
          selectPending.current = true;
          setDraft(editingText(current));
        }}
        onMouseDown={(event) => {
          // A click that focuses the field would put the caret where it landed and undo the
          // selection on mouseup; a click inside an already focused field places the caret.
          selectOnMouseUp.current = document.activeElement !== event.currentTarget;
        }}
        onMouseUp={(event) => {
          if (selectOnMouseUp.current) {
            event.preventDefault();
            event.currentTarget.select();
          }
          selectOnMouseUp.current = false;
        }}
        onBlur={(event) => {
          commit();
          onBlur?.(event);
        }}
        onKeyDown={handleKeyDown}
      />
      {noteText && (
        <small className="form-entry-message" id={noteId} role="status">
          {noteText}
        </small>
      )}
    </span>
  );
}
