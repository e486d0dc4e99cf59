import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { optionLabel, useMasterDataOptions } from '../api/get-master-data-options';
import { filterTakesFocus } from '../../../lib/filter-focus';

export interface ReferenceDropdownProps {
  inputId?: string;
  /** The referenced entity: its options come from /admin/<entity>/options. */
  entity: string;
  value: number | null;
  onChange: (value: number | null) => void;
  placeholder?: string;
  invalid?: boolean;
  className?: string;
  ariaLabel?: string;
}

/** A record of another entity, picked by code or name (filterable). */
export function ReferenceDropdown({ inputId, entity, value, onChange, placeholder, invalid, className, ariaLabel }: ReferenceDropdownProps) {
  const { t } = useTranslation('baseData');
  const { options, loading } = useMasterDataOptions(entity);
  return (
    <Dropdown
      inputId={inputId}
      value={value}
      options={options.map((option) => ({ value: option.id, label: optionLabel(option) }))}
      onChange={(event) => onChange(event.value === undefined || event.value === null ? null : Number(event.value))}
      filter
      filterInputAutoFocus={filterTakesFocus()}
      showClear={value !== null}
      placeholder={placeholder ?? t('form.select')}
      emptyMessage={t('form.noOptions')}
      emptyFilterMessage={t('form.noOptions')}
      loading={loading}
      invalid={invalid}
      className={className}
      aria-label={ariaLabel}
    />
  );
}
