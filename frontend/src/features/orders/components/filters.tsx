// The filter bar of the order lists: references, date ranges and fixed choices, each writing
// one `filter.<field>` of the list state.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { ReferenceDropdown } from '../../base-data/components/ReferenceDropdown';
import { DateInput } from './DateInput';

/** The "all" choice: PrimeReact shows no label for an empty-string value. */
export const ANY = '*';

export function FilterBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <div className="order-filter-bar" role="group" aria-label={t('list.filters')}>
      {children}
    </div>
  );
}

interface FilterProps {
  label: string;
  filters: Record<string, string>;
  setFilter: (field: string, value: string | null) => void;
}

export function ReferenceFilter({ label, entity, field, filters, setFilter }: FilterProps & { entity: string; field: string }) {
  const value = filters[field] ? Number(filters[field]) : null;
  return (
    <label className="order-filter">
      <span className="order-filter-label">{label}</span>
      <ReferenceDropdown entity={entity} value={value} onChange={(next) => setFilter(field, next ? String(next) : null)} ariaLabel={label} className="order-filter-input" />
    </label>
  );
}

export function DateRangeFilter({ label, fromField, toField, filters, setFilter }: FilterProps & { fromField: string; toField: string }) {
  const { t } = useTranslation('orders');
  return (
    <div className="order-filter">
      <span className="order-filter-label">{label}</span>
      <div className="order-filter-range">
        <DateInput
          value={filters[fromField]}
          onChange={(value) => setFilter(fromField, value || null)}
          placeholder={t('list.from')}
          ariaLabel={`${label} ${t('list.from')}`}
          maxDate={filters[toField]}
          showIcon={false}
        />
        <span className="muted">–</span>
        <DateInput
          value={filters[toField]}
          onChange={(value) => setFilter(toField, value || null)}
          placeholder={t('list.to')}
          ariaLabel={`${label} ${t('list.to')}`}
          minDate={filters[fromField]}
          showIcon={false}
        />
      </div>
    </div>
  );
}

export function ChoiceFilter({ label, field, options, filters, setFilter, allowAll = true }: FilterProps & { field: string; options: { value: string; label: string }[]; allowAll?: boolean }) {
  const { t } = useTranslation('orders');
  const choices = allowAll ? [{ value: ANY, label: t('list.any') }, ...options] : options;
  return (
    <label className="order-filter">
      <span className="order-filter-label">{label}</span>
      <Dropdown value={filters[field] ?? ANY} options={choices} onChange={(event) => setFilter(field, event.value === ANY ? null : (event.value as string) || null)} aria-label={label} className="order-filter-input" />
    </label>
  );
}
