// Uploads: the largest accepted file and the kinds accepted; images: stored quality, largest side
// and thumbnail size. The upload pipeline reads them on every upload (from the next one on).
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { Checkbox } from 'primereact/checkbox';
import { UPLOAD_KINDS, UPLOAD_SETTING_LIMITS, type UploadKind, type UploadSettings } from '@contracts/admin-settings';
import { updateImageSetting, updateUploadSetting } from '../api/admin-settings';
import { SettingNumberField } from './SettingNumberField';
import { SectionActions } from './SectionActions';
import { useSectionForm, type FieldErrors } from './use-section-form';

const KB = 1024;
const MB = 1024 * 1024;

function rangeError(value: number | null, limits: { min: number; max: number }, texts: { required: string; range: string }): string | undefined {
  if (value === null || value === undefined) return texts.required;
  if (!Number.isInteger(value) || value < limits.min || value > limits.max) return texts.range;
  return undefined;
}

interface UploadForm {
  /** The largest upload in KB on the screen; bytes on the wire. */
  maxKb: number | null;
  allowedKinds: UploadKind[];
}

export function UploadSettingsCard({ saved, onSaved }: { saved: UploadSettings; onSaved: (upload: UploadSettings) => void }) {
  const { t } = useTranslation('settingsSystem');
  const limits = { min: UPLOAD_SETTING_LIMITS.maxBytes.min / KB, max: UPLOAD_SETTING_LIMITS.maxBytes.max / KB };
  const section = useSectionForm<UploadForm, UploadSettings>(
    { maxKb: Math.round(saved.maxBytes / KB), allowedKinds: saved.allowedKinds },
    (change) => updateUploadSetting({ maxBytes: change.maxKb == null ? undefined : change.maxKb * KB, allowedKinds: change.allowedKinds }),
    (form): FieldErrors<UploadForm> => ({
      maxKb: rangeError(form.maxKb, limits, { required: t('page.required'), range: t('page.range', limits) }),
      allowedKinds: form.allowedKinds.length === 0 ? t('uploads.kindsRequired') : undefined,
    }),
    { saved: t('uploads.saved'), unchanged: t('page.unchanged') },
    onSaved,
  );
  const { form, errors } = section;
  const toggle = (kind: UploadKind, on: boolean) =>
    section.set(
      'allowedKinds',
      UPLOAD_KINDS.filter((entry) => (entry === kind ? on : form.allowedKinds.includes(entry))),
    );

  return (
    <form onSubmit={(event) => void section.submit(event)} noValidate className="settings-form" aria-label={t('uploads.title')} data-testid="settings-uploads">
      <Card className="settings-card" subTitle={t('uploads.hint')}>
        <SettingNumberField
          id="upload-max-kb"
          label={t('uploads.maxKb')}
          hint={t('uploads.maxKbHint', { ...limits, mb: form.maxKb ? (form.maxKb / KB).toFixed(2) : '—', maxMb: UPLOAD_SETTING_LIMITS.maxBytes.max / MB })}
          value={form.maxKb}
          onChange={(value) => section.set('maxKb', value)}
          min={limits.min}
          max={limits.max}
          suffix=" KB"
          error={errors.maxKb}
        />
        <fieldset className="form-field kind-options" aria-describedby={errors.allowedKinds ? 'upload-kinds-error' : undefined}>
          <legend className="field-label">{t('uploads.allowedKinds')}</legend>
          {UPLOAD_KINDS.map((kind) => (
            <div className="kind-option" key={kind}>
              <Checkbox inputId={`upload-kind-${kind}`} name="allowedKinds" value={kind} checked={form.allowedKinds.includes(kind)} onChange={(event) => toggle(kind, Boolean(event.checked))} />
              <label htmlFor={`upload-kind-${kind}`}>{t(`uploads.kinds.${kind}`)}</label>
            </div>
          ))}
          {errors.allowedKinds && (
            <small className="p-error" id="upload-kinds-error" role="alert">
              {errors.allowedKinds}
            </small>
          )}
        </fieldset>
        <SectionActions section={section} saveLabel={t('uploads.save')} testId="uploads-save" />
      </Card>
    </form>
  );
}

type ImageForm = { imageQuality: number | null; maxDimension: number | null; thumbnailSize: number | null };
const IMAGE_FIELDS = ['imageQuality', 'maxDimension', 'thumbnailSize'] as const;

export function ImageSettingsCard({ saved, onSaved }: { saved: UploadSettings; onSaved: (upload: UploadSettings) => void }) {
  const { t } = useTranslation('settingsSystem');
  const section = useSectionForm<ImageForm, UploadSettings>(
    { imageQuality: saved.imageQuality, maxDimension: saved.maxDimension, thumbnailSize: saved.thumbnailSize },
    (change) => updateImageSetting(Object.fromEntries(Object.entries(change).filter(([, value]) => value !== null))),
    (form) =>
      Object.fromEntries(
        IMAGE_FIELDS.map((field) => [field, rangeError(form[field], UPLOAD_SETTING_LIMITS[field], { required: t('page.required'), range: t('page.range', UPLOAD_SETTING_LIMITS[field]) })]),
      ),
    { saved: t('images.saved'), unchanged: t('page.unchanged') },
    onSaved,
  );
  const { form, errors } = section;

  return (
    <form onSubmit={(event) => void section.submit(event)} noValidate className="settings-form" aria-label={t('images.title')} data-testid="settings-images">
      <Card className="settings-card" subTitle={t('images.hint')}>
        <div className="settings-grid">
          {IMAGE_FIELDS.map((field) => (
            <SettingNumberField
              key={field}
              id={`image-${field}`}
              label={t(`images.${field}`)}
              hint={t(`images.${field}Hint`, UPLOAD_SETTING_LIMITS[field])}
              value={form[field]}
              onChange={(value) => section.set(field, value)}
              min={UPLOAD_SETTING_LIMITS[field].min}
              max={UPLOAD_SETTING_LIMITS[field].max}
              suffix={field === 'imageQuality' ? undefined : ' px'}
              error={errors[field]}
            />
          ))}
        </div>
        <SectionActions section={section} saveLabel={t('images.save')} testId="images-save" />
      </Card>
    </form>
  );
}
