import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { optionLabel, useMasterDataOptions } from '../../base-data/api/get-master-data-options';
import { filterTakesFocus } from '../../../lib/filter-focus';

/** A style (goods) by code or name, filterable. */
export function StylePicker({ value, onChange, id, invalid, placeholder, disabled, clearable = false }: { value: number | null; onChange: (id: number | null) => void; id?: string; invalid?: boolean; placeholder?: string; disabled?: boolean; clearable?: boolean }) {
  const { t } = useTranslation('orders');
  const { options, loading } = useMasterDataOptions('goods');
  return (
    <Dropdown
      inputId={id}
      value={value}
      options={options.map((option) => ({ value: option.id, label: optionLabel(option) }))}
      onChange={(event) => onChange(event.value === undefined || event.value === null ? null : Number(event.value))}
      filter
      filterInputAutoFocus={filterTakesFocus()}
      showClear={clearable && value !== null}
      placeholder={placeholder ?? t('lines.pickStyle')}
      emptyMessage={t('form.noOptions')}
      emptyFilterMessage={t('form.noOptions')}
      loading={loading}
      invalid={invalid}
      disabled={disabled}
      className="style-picker"
      aria-label={placeholder ?? t('lines.pickStyle')}
    />
  );
}
