import { useTranslation } from 'react-i18next';
import type { MasterDataDefinition } from '@contracts/master-data';
import { localized } from '../model/definitions';
import { formFields, inputKindOf } from '../model/fields';
import type { FieldValue, FormValues } from '../model/form-values';
import { FieldInput } from './FieldInput';

export interface MasterDataFieldsProps {
  definition: MasterDataDefinition;
  values: FormValues;
  onChange: (field: string, value: FieldValue) => void;
  /** The field a refusal names, with its message. */
  error?: { field: string | null; message: string } | null;
  /** Fields an extension shows itself. */
  hidden?: readonly string[];
}

export const fieldInputId = (field: string): string => `field-${field}`;

/** The definition's fields as a form grid: wide inputs span both columns, switches sit together. */
export function MasterDataFields({ definition, values, onChange, error, hidden = [] }: MasterDataFieldsProps) {
  const { i18n } = useTranslation();
  const fields = formFields(definition).filter(([name]) => !hidden.includes(name));
  const switches = fields.filter(([, field]) => inputKindOf(field) === 'switch');
  const others = fields.filter(([, field]) => inputKindOf(field) !== 'switch');

  const messageOf = (name: string) => (error && error.field === name ? error.message : null);

  return (
    <div className="form-grid master-data-fields">
      {others.map(([name, field]) => {
        const label = localized(field.label, i18n.language);
        const message = messageOf(name);
        const wide = field.kind === 'longText' || field.kind === 'image';
        return (
          <div key={name} className={`form-field${wide ? ' is-wide' : ''}`} data-field={name}>
            <label htmlFor={fieldInputId(name)}>
              {label}
              {field.required && <span className="required-mark" aria-hidden="true"> *</span>}
            </label>
            <FieldInput
              inputId={fieldInputId(name)}
              name={name}
              field={field}
              label={label}
              value={values[name] ?? null}
              onChange={(value) => onChange(name, value)}
              invalid={Boolean(message)}
              describedBy={message ? `${fieldInputId(name)}-error` : undefined}
            />
            {message && (
              <small id={`${fieldInputId(name)}-error`} className="p-error field-error" role="alert">
                {message}
              </small>
            )}
          </div>
        );
      })}
      {switches.length > 0 && (
        <div className="form-field is-wide switch-group">
          {switches.map(([name, field]) => {
            const message = messageOf(name);
            return (
              <div key={name} className="switch-item" data-field={name}>
                <FieldInput
                  inputId={fieldInputId(name)}
                  name={name}
                  field={field}
                  label={localized(field.label, i18n.language)}
                  value={values[name] ?? false}
                  onChange={(value) => onChange(name, value)}
                />
                <label htmlFor={fieldInputId(name)} className="switch-label">
                  {localized(field.label, i18n.language)}
                </label>
                {message && (
                  <small className="p-error field-error" role="alert">
                    {message}
                  </small>
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
