import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Message } from 'primereact/message';
import { LanguageDropdown } from '../../../components/LanguageDropdown';
import { useSystemTitle } from '../../../lib/system-title';
import { saveSession } from '../../../lib/session';
import { notifyError } from '../../../lib/notify';
import { useAsyncAction } from '../../../lib/use-async';
import { setAccountState } from '../model/account-state';
import { login, NoPermissionError, validateLogin, type LoginFieldErrors } from '../api/login';

/** Only same-site paths: an open redirect to another origin is refused. */
export function safeRedirect(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/';
  return target;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const title = useSystemTitle();
  const search = useSearch();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { run, loading } = useAsyncAction(login);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const found = validateLogin({ username, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await run({ username, password });
      saveSession(result);
      // A password an administrator set: the layout shows the forced change before anything else.
      setAccountState(result);
      navigate(safeRedirect(search), { replace: true });
    } catch (error) {
      if (error instanceof NoPermissionError) {
        const message = t('login.noPermission');
        setRefusal(message);
        notifyError(message);
      }
      // Other failures were already shown by the HTTP client's toast.
    }
  };

  return (
    <div className="login-page">
      <div className="login-language">
        <LanguageDropdown />
      </div>
      <div className="login-panel">
        <section className="login-intro" aria-hidden="true">
          <div className="login-intro-logo">
            <i className="pi pi-th-large" />
          </div>
          <h2>{title}</h2>
          <p>{t('login.footer')}</p>
          <div className="login-stitch" />
        </section>
        <form className="login-form" onSubmit={submit} noValidate>
          <h1>{t('login.heading')}</h1>
          <p className="login-subtitle">{t('login.subtitle')}</p>
          {refusal && <Message className="login-refusal" severity="error" text={refusal} />}
          <label htmlFor="login-username">{t('login.username')}</label>
          <InputText
              id="login-username"
              name="username"
              autoComplete="username"
              value={username}
              placeholder={t('login.usernamePlaceholder')}
              invalid={Boolean(errors.username)}
              aria-describedby={errors.username ? 'login-username-error' : undefined}
              onChange={(event) => setUsername(event.target.value)}
              className="login-field"
              autoFocus
            />
          {errors.username && (
            <small id="login-username-error" className="p-error field-error">
              {t(errors.username)}
            </small>
          )}
          <label htmlFor="login-password">{t('login.password')}</label>
          <Password
            inputId="login-password"
            name="password"
            className="login-field"
            inputClassName="login-password-input"
            autoComplete="current-password"
            value={password}
            placeholder={t('login.passwordPlaceholder')}
            invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            onChange={(event) => setPassword(event.target.value)}
            feedback={false}
            toggleMask
          />
          {errors.password && (
            <small id="login-password-error" className="p-error field-error">
              {t(errors.password)}
            </small>
          )}
          <Button
            type="submit"
            className="login-submit"
            label={loading ? t('login.submitting') : t('login.submit')}
            icon="pi pi-sign-in"
            loading={loading}
          />
        </form>
      </div>
    </div>
  );
}
