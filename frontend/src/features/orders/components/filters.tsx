// The filter bar of the order lists: references, date ranges and fixed choices, each writing
// one `filter.<field>` of the list state.
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { CARD_MEDIA_QUERY, useMediaQuery } from '../../../components/data-list';
import { ReferenceDropdown } from '../../base-data/components/ReferenceDropdown';
import { DateInput } from '../../../components/form/DateInput';

/** The "all" choice: PrimeReact shows no label for an empty-string value. */
export const ANY = '*';

/**
 * The filters of a list. On a narrow screen they fold behind a "Filters" button, so a phone
 * opens on the cards rather than on a screenful of empty fields.
 */
export function FilterBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation('orders');
  const narrow = useMediaQuery(CARD_MEDIA_QUERY);
  const [open, setOpen] = useState(false);
  const id = `filters-${useId().replace(/:/g, '')}`;
  const bar = (
    <div className="order-filter-bar" role="group" aria-label={t('list.filters')} id={id}>
      {children}
    </div>
  );
  if (!narrow) return bar;
  return (
    <div className="order-filter-fold">
      <Button
        type="button"
        label={t('list.filters')}
        icon={open ? 'pi pi-chevron-up' : 'pi pi-filter'}
        iconPos="right"
        outlined
        severity="secondary"
        size="small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="order-filter-toggle"
        data-testid="filters-toggle"
      />
      {open && bar}
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
