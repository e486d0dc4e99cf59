import { StylePicker } from './StylePicker';

/** A style (goods) filter: `filter.<field>` holds its id. */
export function StyleFilter({ label, field, filters, setFilter }: { label: string; field: string; filters: Record<string, string>; setFilter: (field: string, value: string | null) => void }) {
  return (
    <label className="order-filter">
      <span className="order-filter-label">{label}</span>
      <StylePicker value={filters[field] ? Number(filters[field]) : null} onChange={(id) => setFilter(field, id ? String(id) : null)} placeholder={label} clearable />
    </label>
  );
}
