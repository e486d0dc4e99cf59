// Size groups: the ordered sizes, sent as the JSON string `sizes` [{id?, name}] — an id keeps
// an existing size (goods may use it), a row without one is a new size.
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { SizeEntry } from '@contracts/master-data';
import { t } from '../../../lib/i18n';
import { defineExtension, type ExtensionPanelProps } from './form-extension';
import { moveItem, removeItem, rowKey } from './move';
import { RowTools } from './RowTools';

export interface SizeRow {
  key: string;
  id?: number;
  name: string;
}

export interface SizesState {
  rows: SizeRow[];
}

export function sizesOfRecord(sizes: unknown): SizeRow[] {
  if (!Array.isArray(sizes)) return [];
  return [...(sizes as SizeEntry[])].sort((a, b) => a.sortOrder - b.sortOrder).map((size) => ({ key: rowKey(), id: size.id, name: size.name }));
}

export function sizesToJson(rows: readonly SizeRow[]): string {
  return JSON.stringify(rows.map((row) => (row.id ? { id: row.id, name: row.name.trim() } : { name: row.name.trim() })));
}

/** The first problem of the size list, as a message; null when it can be sent. */
export function sizesProblem(rows: readonly SizeRow[]): string | null {
  if (rows.length === 0) return t('baseData:size.sizesRequired');
  const unnamed = rows.findIndex((row) => row.name.trim() === '');
  if (unnamed >= 0) return t('baseData:size.sizeNameRequired', { index: unnamed + 1 });
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim().toLowerCase();
    if (seen.has(name)) return t('baseData:size.duplicate', { name: row.name.trim() });
    seen.add(name);
  }
  return null;
}

function SizesPanel({ state, setState, error }: ExtensionPanelProps<SizesState>) {
  const { t: tb } = useTranslation('baseData');
  const rename = (index: number, name: string) => setState((current) => ({ rows: current.rows.map((row, i) => (i === index ? { ...row, name } : row)) }));
  return (
    <section className="extension-panel" aria-labelledby="sizes-title" data-testid="size-sizes">
      <div className="extension-header">
        <div>
          <h2 id="sizes-title">{tb('size.sizes')}</h2>
          <small className="field-hint">{tb('size.sizesHint')}</small>
        </div>
        <Button
          type="button"
          label={tb('size.addSize')}
          icon="pi pi-plus"
          outlined
          size="small"
          onClick={() => setState((current) => ({ rows: [...current.rows, { key: rowKey(), name: '' }] }))}
        />
      </div>
      {state.rows.length === 0 ? (
        <p className="muted empty-rows">{tb('size.noSizes')}</p>
      ) : (
        <ol className="size-rows">
          {state.rows.map((row, index) => (
            <li key={row.key} data-testid="size-row">
              <span className="size-seq">{index + 1}</span>
              <InputText
                value={row.name}
                maxLength={16}
                aria-label={`${tb('size.sizeName')} ${index + 1}`}
                onChange={(event) => rename(index, event.target.value)}
                invalid={Boolean(error) && row.name.trim() === ''}
              />
              <RowTools
                index={index}
                count={state.rows.length}
                onMove={(by) => setState((current) => ({ rows: moveItem(current.rows, index, by) }))}
                onRemove={() => setState((current) => ({ rows: removeItem(current.rows, index) }))}
              />
            </li>
          ))}
        </ol>
      )}
      {error && (
        <small className="p-error field-error" role="alert">
          {error.message}
        </small>
      )}
    </section>
  );
}

export const sizeExtension = defineExtension<SizesState>({
  init: (record) => ({ rows: sizesOfRecord(record?.sizes) }),
  toBody: (state) => ({ sizes: sizesToJson(state.rows) }),
  validate(state) {
    const problem = sizesProblem(state.rows);
    return problem ? { field: 'sizes', message: problem } : null;
  },
  fields: ['sizes'],
  Panel: SizesPanel,
});
