// One section of the settings screen: its own form, validated here first, sending only what
// changed, showing the server's refusal next to the field it names (or under the section).
import { useState, type FormEvent } from 'react';
import { formErrorOf } from '../../../lib/form-errors';
import { notifyInfo, notifySuccess } from '../../../lib/notify';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed is sent (every endpoint takes a partial update). */
export function changesOf<T extends object>(form: T, saved: T): Partial<T> {
  return Object.fromEntries(Object.entries(form).filter(([key, value]) => !same(value, saved[key as keyof T]))) as Partial<T>;
}

export interface SectionForm<T extends object> {
  form: T;
  errors: FieldErrors<T>;
  serverError: string | null;
  saving: boolean;
  dirty: boolean;
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  reset: () => void;
  submit: (event: FormEvent) => Promise<void>;
}

export interface SectionTexts {
  saved: string;
  unchanged: string;
}

export function useSectionForm<T extends object, R>(
  saved: T,
  save: (change: Partial<T>) => Promise<R>,
  validate: (form: T) => FieldErrors<T>,
  texts: SectionTexts,
  onSaved?: (result: R) => void,
): SectionForm<T> {
  const [form, setForm] = useState<T>(saved);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setServerError(null);
    setErrors((current) => ({ ...current, [key]: undefined }));
    setForm((current) => ({ ...current, [key]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const change = changesOf(form, saved);
    if (Object.keys(change).length === 0) {
      notifyInfo(texts.unchanged);
      return;
    }
    setServerError(null);
    setSaving(true);
    try {
      const result = await save(change);
      notifySuccess(texts.saved);
      onSaved?.(result);
    } catch (failure) {
      // 401 is handled (and shown) by the HTTP client; everything else is shown here.
      const formError = formErrorOf(failure, Object.keys(form));
      if (!formError) return;
      if (formError.field) setErrors({ [formError.field]: formError.message } as FieldErrors<T>);
      else setServerError(formError.message);
    } finally {
      setSaving(false);
    }
  };

  return {
    form,
    errors,
    serverError,
    saving,
    dirty: Object.keys(changesOf(form, saved)).length > 0,
    set,
    reset: () => {
      setServerError(null);
      setErrors({});
      setForm(saved);
    },
    submit,
  };
}
