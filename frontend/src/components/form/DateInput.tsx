// The one date field of the app (forms and list filters). A text field first: people type
// 2027-02-15 or their language's form (see date-text.ts), the value is read on blur or Enter
// and shown back as YYYY-MM-DD. The calendar is a helper that opens only from its button or
// Alt+ArrowDown, next to the field and never over it; Escape closes it and focus returns to the
// field. The button is out of the Tab order so that Tab goes field to field, as in a paper form.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Calendar } from 'primereact/calendar';
import { PRIME_LOCALE } from '../../lib/primereact-locale';
import { ISO_DATE, parseDateText } from './date-text';
import './form.css';

export interface DateInputProps {
  id?: string;
  /** YYYY-MM-DD or ''. */
  value: string | null | undefined;
  /** Called with YYYY-MM-DD, or '' when the field is emptied. Never with an unreadable text. */
  onChange: (value: string) => void;
  placeholder?: string;
  ariaLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Earliest / latest allowed day, YYYY-MM-DD. */
  minDate?: string;
  maxDate?: string;
  className?: string;
  /** The calendar button; filters leave it out to stay narrow (Alt+ArrowDown still opens it). */
  showIcon?: boolean;
}

type EntryError = { key: 'unreadable' | 'impossible' } | { key: 'beforeMin' | 'afterMax'; date: string };

const toDate = (value: string | null | undefined): Date | null => (value ? dayjs(value, ISO_DATE).toDate() : null);

const GAP = 4;

/**
 * Where the calendar goes: below the field, else above it, else beside it; never over it.
 * Exported for the tests (jsdom has no layout).
 */
export function placePopup(field: DOMRect, popup: { width: number; height: number }, viewport: { width: number; height: number }): { top: number; left: number } {
  const left = Math.max(GAP, Math.min(field.left, viewport.width - popup.width - GAP));
  if (field.bottom + GAP + popup.height <= viewport.height) return { top: field.bottom + GAP, left };
  if (field.top - GAP - popup.height >= 0) return { top: field.top - GAP - popup.height, left };
  const top = Math.max(GAP, Math.min(field.top, viewport.height - popup.height - GAP));
  if (field.right + GAP + popup.width <= viewport.width) return { top, left: field.right + GAP };
  if (field.left - GAP - popup.width >= 0) return { top, left: field.left - GAP - popup.width };
  // A screen smaller than field + calendar: below the field, the page scrolls to the rest.
  return { top: field.bottom + GAP, left };
}

export function DateInput({ id, value, onChange, placeholder, ariaLabel, invalid, disabled, minDate, maxDate, className, showIcon = true }: DateInputProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const generatedId = useId();
  const inputId = id ?? `date-${generatedId}`;
  const messageId = `${inputId}-entry-error`;
  const rootRef = useRef<HTMLSpanElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  // The text being typed; null shows the value.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<EntryError | null>(null);
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  const shown = draft ?? value ?? '';
  // Stable Date objects: a new one on every render makes the calendar rebuild its days (and
  // drop the focus from the day the keyboard is on).
  const calendarValue = useMemo(() => toDate(value), [value]);
  const calendarMin = useMemo(() => toDate(minDate) ?? undefined, [minDate]);
  const calendarMax = useMemo(() => toDate(maxDate) ?? undefined, [maxDate]);

  /** Reads the draft; returns whether anything changed (value, or an error shown). */
  const commit = (): boolean => {
    if (draft === null) return false;
    const result = parseDateText(draft, language);
    let next: EntryError | null = null;
    if (result.kind === 'unreadable' || result.kind === 'impossible') next = { key: result.kind };
    else if (result.kind === 'date' && minDate && result.value < minDate) next = { key: 'beforeMin', date: minDate };
    else if (result.kind === 'date' && maxDate && result.value > maxDate) next = { key: 'afterMax', date: maxDate };
    if (next) {
      setError(next);
      return true;
    }
    const parsed = result.kind === 'date' ? result.value : '';
    setError(null);
    setDraft(null);
    if (parsed !== (value ?? '')) {
      onChange(parsed);
      return true;
    }
    return draft !== parsed;
  };

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    setPosition(null);
    if (refocus) inputRef.current?.focus();
  }, []);

  const openPicker = () => {
    if (disabled) return;
    // A typed day is where the calendar starts.
    commit();
    setOpen(true);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      openPicker();
    } else if (event.key === 'Enter') {
      // The first Enter reads the date; the form is submitted by an Enter on a settled field.
      if (commit()) event.preventDefault();
    }
    // Escape keeps what was typed: people press it out of habit to close a calendar.
  };

  // Position the calendar once it has a size, and follow the field when the page scrolls.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const field = rootRef.current?.getBoundingClientRect();
      const popup = popupRef.current;
      if (!field || !popup) return;
      setPosition(placePopup(field, { width: popup.offsetWidth, height: popup.offsetHeight }, { width: window.innerWidth, height: window.innerHeight }));
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  // Once placed, focus the selected (or today's) day so the arrow keys work at once.
  const placed = position !== null;
  useEffect(() => {
    if (!open || !placed) return;
    const popup = popupRef.current;
    const day = popup?.querySelector<HTMLElement>('.p-datepicker-calendar td span[tabindex="0"]') ?? popup?.querySelector<HTMLElement>('button, [tabindex="0"]');
    day?.focus();
  }, [open, placed]);

  // A click elsewhere closes the calendar and leaves the focus where it was clicked.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popupRef.current?.contains(target) && !rootRef.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, close]);

  const onPopupKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' || (event.key === 'ArrowUp' && event.altKey)) {
      event.preventDefault();
      event.stopPropagation(); // a surrounding dialog must not close as well
      close(true);
      return;
    }
    if (event.key !== 'Tab') return;
    // A dialog: Tab cycles inside it instead of running off to the end of the page.
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]'));
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const errorText = error ? (error.key === 'beforeMin' || error.key === 'afterMax' ? t(`form.date.${error.key}`, { date: error.date }) : t(`form.date.${error.key}`, { text: draft ?? '' })) : null;
  const describedBy = errorText ? messageId : undefined;

  return (
    <span ref={rootRef} className={['date-input p-calendar p-component p-inputwrapper', showIcon ? 'p-calendar-w-btn' : '', className ?? ''].filter(Boolean).join(' ')}>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        autoComplete="off"
        className={`p-inputtext p-component${invalid || error ? ' p-invalid' : ''}`}
        value={shown}
        placeholder={placeholder ?? t('form.date.placeholder')}
        aria-label={ariaLabel}
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={describedBy}
        aria-keyshortcuts="Alt+ArrowDown"
        title={t('form.date.formats')}
        disabled={disabled}
        data-entry-error={error ? 'true' : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(null);
        }}
        onBlur={() => commit()}
        onKeyDown={onInputKeyDown}
      />
      {showIcon && (
        <button
          type="button"
          className="p-datepicker-trigger p-button p-component p-button-icon-only"
          tabIndex={-1}
          aria-label={t('form.date.openCalendar')}
          title={t('form.date.openCalendar')}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? `${inputId}-calendar` : undefined}
          disabled={disabled}
          onClick={() => (open ? close(true) : openPicker())}
        >
          <span className="p-button-icon pi pi-calendar" aria-hidden="true" />
        </button>
      )}
      {errorText && (
        <small className="form-entry-message is-error" id={messageId} role="alert">
          {errorText}
        </small>
      )}
      {open &&
        createPortal(
          <div
            ref={popupRef}
            id={`${inputId}-calendar`}
            className="date-input-popup"
            role="dialog"
            aria-label={t('form.date.calendar')}
            style={position ? { top: position.top, left: position.left } : { visibility: 'hidden', top: 0, left: 0 }}
            onKeyDown={onPopupKeyDown}
          >
            <Calendar
              inline
              value={calendarValue}
              onChange={(event) => {
                const picked = event.value instanceof Date ? dayjs(event.value).format(ISO_DATE) : '';
                setDraft(null);
                setError(null);
                if (picked !== (value ?? '')) onChange(picked);
                close(true);
              }}
              // Names and aria labels come from the one PrimeReact locale of lib/primereact-locale.
              locale={PRIME_LOCALE[language === 'zh-CN' ? 'zh-CN' : 'en']}
              showButtonBar
              minDate={calendarMin}
              maxDate={calendarMax}
            />
          </div>,
          document.body,
        )}
    </span>
  );
}
