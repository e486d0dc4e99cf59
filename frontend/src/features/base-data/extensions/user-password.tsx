// Users: a password on create only (6–64 characters); an existing user's password is changed
// through the separate reset dialog (ResetPasswordButton), never with the form.
import { useTranslation } from 'react-i18next';
import { Password } from 'primereact/password';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@contracts/users';
import { t } from '../../../lib/i18n';
import { defineExtension, type ExtensionPanelProps } from './form-extension';
import { ResetPasswordButton } from './ResetPasswordButton';

export interface PasswordState {
  password: string;
}

export const passwordLengthOk = (password: string): boolean => password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;

function PasswordPanel({ mode, record, state, setState, error }: ExtensionPanelProps<PasswordState>) {
  const { t: tb } = useTranslation('baseData');
  if (mode === 'update') {
    return record ? (
      <section className="extension-panel extension-inline" aria-label={tb('user.account')}>
        <div className="extension-header">
          <h2>{tb('user.account')}</h2>
          <ResetPasswordButton userId={record.id} />
        </div>
      </section>
    ) : null;
  }
  const message = error && error.field === 'password' ? error.message : null;
  return (
    <section className="extension-panel" aria-label={tb('user.account')}>
      <div className="form-grid">
        <div className="form-field" data-field="password">
          <label htmlFor="field-password">
            {tb('user.password')}
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <Password
            inputId="field-password"
            value={state.password}
            onChange={(event) => setState(() => ({ password: event.target.value }))}
            feedback={false}
            toggleMask
            invalid={Boolean(message)}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
          />
          {message ? (
            <small className="p-error field-error" role="alert">
              {message}
            </small>
          ) : (
            <small className="field-hint">{tb('user.passwordHint')}</small>
          )}
        </div>
      </div>
    </section>
  );
}

export const userExtension = defineExtension<PasswordState>({
  init: () => ({ password: '' }),
  toBody: (state, mode) => (mode === 'create' ? { password: state.password } : {}),
  validate: (state, _values, mode) =>
    mode === 'create' && !passwordLengthOk(state.password) ? { field: 'password', message: t('baseData:user.passwordLength') } : null,
  fields: ['password'],
  Panel: PasswordPanel,
});
