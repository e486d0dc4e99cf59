// The system title per language (PRODUCT.md: configurable in settings). Its own small form, so
// renaming the system never touches the production rules beside it.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { Localized } from '@contracts/master-data';
import { ApiError } from '../../../lib/http-client';
import { notifySuccess } from '../../../lib/notify';
import { forgetSystemTitles, loadSystemTitle } from '../../../lib/system-title';
import { LANGUAGES } from '../../../lib/i18n';
import { useAsyncAction } from '../../../lib/use-async';
import { updateSystemTitles, useSystemTitles } from '../api/system-title';

const MAX_LENGTH = 40;
const FIELDS: { language: keyof Localized; labelKey: string; id: string }[] = [
  { language: 'zh-CN', labelKey: 'systemTitle.zhCN', id: 'system-title-zh' },
  { language: 'en', labelKey: 'systemTitle.en', id: 'system-title-en' },
];

export function SystemTitleCard() {
  const { t, i18n } = useTranslation('settingsSystem');
  const { data } = useSystemTitles();
  const [form, setForm] = useState<Localized | null>(null);
  const [invalid, setInvalid] = useState<(keyof Localized)[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useAsyncAction(updateSystemTitles);

  useEffect(() => {
    if (data) setForm(data);
  }, [data]);

  if (!form) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = FIELDS.map((field) => field.language).filter((language) => !form[language].trim());
    setInvalid(empty);
    if (empty.length > 0) return;
    try {
      setServerError(null);
      const saved = await save.run(form);
      setForm(saved);
      // The tab title, the sidebar and this page's header show the new name at once.
      forgetSystemTitles();
      await Promise.all(LANGUAGES.map((language) => loadSystemTitle(language)));
      notifySuccess(t('systemTitle.saved'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') setServerError(failure.message);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="settings-form" aria-label={t('systemTitle.title')} lang={i18n.language}>
      <Card className="settings-card" title={t('systemTitle.title')} subTitle={t('systemTitle.hint')}>
        {FIELDS.map(({ language, labelKey, id }) => (
          <div className="form-field" key={language}>
            <label htmlFor={id}>{t(labelKey)}</label>
            <InputText
              id={id}
              lang={language}
              value={form[language]}
              maxLength={MAX_LENGTH}
              invalid={invalid.includes(language)}
              aria-describedby={invalid.includes(language) ? `${id}-error` : undefined}
              onChange={(event) => {
                setServerError(null);
                setInvalid((current) => current.filter((entry) => entry !== language));
                setForm({ ...form, [language]: event.target.value });
              }}
            />
            {invalid.includes(language) && (
              <small className="p-error" id={`${id}-error`} role="alert">
                {t('systemTitle.required')}
              </small>
            )}
          </div>
        ))}
        {serverError && <Message className="server-error" severity="error" text={serverError} />}
        <div className="form-actions">
          <Button type="submit" label={t('systemTitle.save')} icon="pi pi-check" loading={save.loading} />
        </div>
      </Card>
    </form>
  );
}
