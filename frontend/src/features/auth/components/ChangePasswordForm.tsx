import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { ApiError } from '../../../lib/http-client';
import { changePassword, validateChangePassword, type ChangePasswordErrors, type ChangePasswordFields } from '../api/change-password';
import { setAccountState } from '../model/account-state';

export interface ChangePasswordFormProps {
  onChanged: () => void;
  onCancel?: () => void;
  /** The first field takes the focus (dialog and forced screen both want it). */
  autoFocus?: boolean;
}

const EMPTY: ChangePasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current password, new password, repeated. A plain form: Tab moves through the fields, Enter
 * submits, errors sit under their field and are announced. The server's refusal (wrong current
 * password, a common one, …) lands under the field it names.
 */
export function ChangePasswordForm({ onChanged, onCancel, autoFocus }: ChangePasswordFormProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const [fields, setFields] = useState<ChangePasswordFields>(EMPTY);
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [serverError, setServerError] = useState<{ field: keyof ChangePasswordFields | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);

  // After the overlay or screen has settled (a dialog's open animation, the login page's unmount).
  useEffect(() => {
    if (!autoFocus) return;
    const timer = setTimeout(() => firstInput.current?.focus(), 50);
    return () => clearTimeout(timer);
  }, [autoFocus]);

  const update = (name: keyof ChangePasswordFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
    setServerError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateChangePassword(fields);
    setErrors(found);
    setServerError(null);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      await changePassword({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
      setAccountState({ mustChangePassword: false, passwordIsDefault: false });
      setFields(EMPTY);
      onChanged();
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') {
        const field = failure.data.field === 'currentPassword' || failure.data.field === 'newPassword' ? failure.data.field : null;
        setServerError({ field, message: failure.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (name: keyof ChangePasswordFields): string | undefined =>
    errors[name] ? t(errors[name]!) : serverError?.field === name ? serverError.message : undefined;

  const field = (name: keyof ChangePasswordFields, label: string, autoComplete: string, hint?: string) => {
    const inputId = `${id}-${name}`;
    const error = errorOf(name);
    const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
    return (
      <div className="form-field">
        <label htmlFor={inputId}>{label}</label>
        <Password
          inputId={inputId}
          name={name}
          value={fields[name]}
          onChange={(event) => update(name, event.target.value)}
          feedback={false}
          toggleMask
          // The show/hide eye stays a pointer control: out of the tab order, so the keyboard goes
          // current → new → repeat → Enter without a stop on each icon.
          pt={{ showIcon: { tabIndex: -1 }, hideIcon: { tabIndex: -1 } }}
          invalid={Boolean(error)}
          autoComplete={autoComplete}
          inputRef={name === 'currentPassword' ? firstInput : undefined}
          aria-describedby={describedBy}
          className="change-password-field"
          inputClassName={`change-password-${name}`}
        />
        {error ? (
          <small id={`${inputId}-error`} className="p-error field-error" role="alert">
            {error}
          </small>
        ) : (
          hint && (
            <small id={`${inputId}-hint`} className="field-hint">
              {hint}
            </small>
          )
        )}
      </div>
    );
  };

  return (
    <form className="change-password-form" onSubmit={submit} noValidate>
      {field('currentPassword', t('password.current'), 'current-password')}
      {field('newPassword', t('password.new'), 'new-password', t('password.rules'))}
      {field('confirmPassword', t('password.confirm'), 'new-password')}
      {serverError && !serverError.field && (
        <small className="p-error field-error" role="alert">
          {serverError.message}
        </small>
      )}
      <div className="form-actions">
        {onCancel && <Button type="button" label={t('password.cancel')} outlined severity="secondary" onClick={onCancel} />}
        <Button type="submit" className="change-password-submit" label={t('password.submit')} icon="pi pi-check" loading={saving} />
      </div>
    </form>
  );
}
