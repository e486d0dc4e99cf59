import type { DashboardSettings } from '../../../contracts/api.js';
import type { ProgressColumn, ProgressRow } from '../../../contracts/production.js';

/**
 * A board limited to some processes (a sewing-line TV): only their columns, and only orders
 * routed through at least one of them. No process filter: everything. Customers are narrowed in
 * the query (boardQuery), so the row cap counts only the orders the board can show.
 */
export function scopeToProcesses(
  settings: Pick<DashboardSettings, 'processIds'>,
  columns: ProgressColumn[],
  rows: ProgressRow[],
): { columns: ProgressColumn[]; rows: ProgressRow[] } {
  const ids = settings.processIds ?? [];
  if (ids.length === 0) return { columns, rows };
  const wanted = new Set(ids);
  const shown = columns.filter((column) => wanted.has(column.id));
  return { columns: shown, rows: rows.filter((row) => shown.some((column) => row.steps[String(column.id)] !== undefined)) };
}
