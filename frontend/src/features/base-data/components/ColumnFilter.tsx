import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { NumberInput } from '../../../components/form/NumberInput';
import { InputText } from 'primereact/inputtext';
import type { FieldDefinition } from '@contracts/master-data';
import { filterKindOf } from '../model/fields';
import { ReferenceDropdown } from './ReferenceDropdown';

export const FILTER_DEBOUNCE_MS = 400;

export interface ColumnFilterProps {
  name: string;
  label: string;
  field: FieldDefinition;
  value: string;
  onChange: (value: string) => void;
}

/** One cell of the filter row; typed text waits a moment so each keystroke is not a request. */
export function ColumnFilter({ name, label, field, value, onChange }: ColumnFilterProps) {
  const { t } = useTranslation('baseData');
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onChange(draft), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new draft starts the wait
  }, [draft]);

  const ariaLabel = `${t('list.filterPlaceholder')}: ${label}`;
  switch (filterKindOf(field)) {
    case 'number':
      return (
        <NumberInput
          value={draft === '' ? null : Number(draft)}
          onValueChange={(event) => setDraft(event.value === null || event.value === undefined ? '' : String(event.value))}
          useGrouping={false}
          maxFractionDigits={field.kind === 'money' ? 2 : 0}
          placeholder={t('list.filterPlaceholder')}
          aria-label={ariaLabel}
          className="column-filter"
          inputClassName="p-inputtext-sm"
        />
      );
    case 'boolean':
    case 'image': {
      const options =
        filterKindOf(field) === 'boolean'
          ? [
              { value: 'true', label: t('list.yes') },
              { value: 'false', label: t('list.no') },
            ]
          : [
              { value: 'true', label: t('list.hasImage') },
              { value: 'false', label: t('list.noImage') },
            ];
      return (
        <Dropdown
          value={value || null}
          options={options}
          onChange={(event) => onChange((event.value as string | null) ?? '')}
          placeholder={t('list.any')}
          showClear={Boolean(value)}
          aria-label={ariaLabel}
          className="column-filter p-inputtext-sm"
        />
      );
    }
    case 'reference':
      return (
        <ReferenceDropdown
          entity={field.reference ?? ''}
          value={value ? Number(value) : null}
          onChange={(id) => onChange(id === null ? '' : String(id))}
          placeholder={t('list.any')}
          className="column-filter p-inputtext-sm"
          ariaLabel={ariaLabel}
        />
      );
    default:
      return (
        <InputText
          name={`filter-${name}`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && onChange(draft)}
          placeholder={t('list.filterPlaceholder')}
          aria-label={ariaLabel}
          className="column-filter p-inputtext-sm"
        />
      );
  }
}
