import { NumberInput } from '../../../components/form/NumberInput';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { FieldDefinition } from '@contracts/master-data';
import { inputKindOf } from '../model/fields';
import type { FieldValue } from '../model/form-values';
import { ImageUpload } from './ImageUpload';
import { ReferenceDropdown } from './ReferenceDropdown';

export interface FieldInputProps {
  inputId: string;
  name: string;
  field: FieldDefinition;
  label: string;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  invalid?: boolean;
  /** For the error message under the field (aria-describedby). */
  describedBy?: string;
}

/** The input of one field, chosen by its kind. */
export function FieldInput({ inputId, name, field, label, value, onChange, invalid, describedBy }: FieldInputProps) {
  const common = { id: inputId, name, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy };
  switch (inputKindOf(field)) {
    case 'textarea':
      return (
        <InputTextarea
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          rows={3}
          autoResize
          maxLength={field.maxLength}
          invalid={invalid}
        />
      );
    case 'number':
      return (
        <NumberInput
          inputId={inputId}
          name={name}
          value={typeof value === 'number' ? value : null}
          onValueChange={(event) => onChange(event.value ?? null)}
          min={field.min ?? (field.kind === 'money' ? 0 : undefined)}
          max={field.max}
          minFractionDigits={field.kind === 'money' ? 2 : undefined}
          maxFractionDigits={field.kind === 'money' ? 2 : 0}
          useGrouping={false}
          invalid={invalid}
          aria-describedby={describedBy}
        />
      );
    case 'switch':
      return <InputSwitch inputId={inputId} name={name} checked={value === true} onChange={(event) => onChange(Boolean(event.value))} />;
    case 'reference':
      return (
        <ReferenceDropdown
          inputId={inputId}
          entity={field.reference ?? ''}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
          invalid={invalid}
        />
      );
    case 'image':
      return <ImageUpload inputId={inputId} label={label} value={typeof value === 'string' && value ? value : null} onChange={onChange} invalid={invalid} />;
    default:
      return (
        <InputText
          {...common}
          type={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          maxLength={field.maxLength}
          invalid={invalid}
          autoComplete="off"
        />
      );
  }
}
