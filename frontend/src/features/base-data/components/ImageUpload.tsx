import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { thumbnailUrl } from '@contracts/master-data';
import { notifySuccess } from '../../../lib/notify';
import { uploadImage } from '../api/upload-image';

export interface ImageUploadProps {
  inputId: string;
  label: string;
  /** The uploaded image's id, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  invalid?: boolean;
}

/**
 * Uploads the chosen file at once (multipart `file`) and keeps only the returned id; the
 * thumbnail is served to the logged-in browser through the `token` cookie.
 */
export function ImageUpload({ inputId, label, value, onChange, invalid }: ImageUploadProps) {
  const { t } = useTranslation('baseData');
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const image = await uploadImage(file);
      onChange(image.id);
      notifySuccess(t('image.uploaded'));
    } catch {
      // The HTTP client has shown the server's reason (type, size).
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={`image-upload${invalid ? ' is-invalid' : ''}`} data-testid={`image-upload-${inputId}`}>
      <div className="image-upload-preview">
        {value ? (
          <img src={thumbnailUrl(value)} alt={t('image.alt', { field: label })} data-image-id={value} />
        ) : (
          <span className="image-upload-empty">
            <i className="pi pi-image" aria-hidden="true" />
            <span>{t('image.none')}</span>
          </span>
        )}
      </div>
      <div className="image-upload-actions">
        <input ref={input} id={inputId} type="file" accept="image/*" className="visually-hidden" onChange={(event) => void choose(event)} />
        <Button
          type="button"
          label={uploading ? t('image.uploading') : value ? t('image.replace') : t('image.upload')}
          icon="pi pi-upload"
          outlined
          size="small"
          loading={uploading}
          onClick={() => input.current?.click()}
        />
        {value && <Button type="button" label={t('image.remove')} icon="pi pi-times" text severity="secondary" size="small" onClick={() => onChange(null)} />}
        <small className="field-hint">{t('image.hint')}</small>
      </div>
    </div>
  );
}
