// Process flow: the sub-process steps, an ordered list of name + piece rate, sent as the JSON
// string `steps` (order = sequence). The flags are the definition's boolean fields (switches).
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { NumberInput } from '../../../components/form/NumberInput';
import { InputText } from 'primereact/inputtext';
import type { ProcessStep } from '@contracts/master-data';
import { t } from '../../../lib/i18n';
import { defineExtension, type ExtensionPanelProps } from './form-extension';
import { moveItem, removeItem, rowKey } from './move';
import { RowTools } from './RowTools';

export interface StepRow {
  key: string;
  name: string;
  pieceRate: number | null;
}

export interface StepsState {
  rows: StepRow[];
}

export function stepsOfRecord(steps: unknown): StepRow[] {
  if (!Array.isArray(steps)) return [];
  return [...(steps as ProcessStep[])]
    .sort((a, b) => a.sequence - b.sequence)
    .map((step) => ({ key: rowKey(), name: step.name, pieceRate: step.pieceRate === null || step.pieceRate === undefined ? null : Number(step.pieceRate) }));
}

/** `[{"name":"…","pieceRate":0.5}]`, in the editor's order. */
export function stepsToJson(rows: readonly StepRow[]): string {
  return JSON.stringify(rows.map((row) => ({ name: row.name.trim(), pieceRate: row.pieceRate })));
}

/** The 1-based row of the first step without a name, or 0. */
export function firstUnnamedStep(rows: readonly StepRow[]): number {
  return rows.findIndex((row) => row.name.trim() === '') + 1;
}

function StepsPanel({ state, setState, error }: ExtensionPanelProps<StepsState>) {
  const { t: tb } = useTranslation('baseData');
  const update = (index: number, patch: Partial<StepRow>) =>
    setState((current) => ({ rows: current.rows.map((row, i) => (i === index ? { ...row, ...patch } : row)) }));
  return (
    <section className="extension-panel" aria-labelledby="steps-title" data-testid="process-steps">
      <div className="extension-header">
        <div>
          <h2 id="steps-title">{tb('process.steps')}</h2>
          <small className="field-hint">{tb('process.stepsHint')}</small>
        </div>
        <Button
          type="button"
          label={tb('process.addStep')}
          icon="pi pi-plus"
          outlined
          size="small"
          onClick={() => setState((current) => ({ rows: [...current.rows, { key: rowKey(), name: '', pieceRate: null }] }))}
        />
      </div>
      {state.rows.length === 0 ? (
        <p className="muted empty-rows">{tb('process.noSteps')}</p>
      ) : (
        <table className="rows-table">
          <thead>
            <tr>
              <th className="col-seq">{tb('process.sequence')}</th>
              <th>{tb('process.stepName')}</th>
              <th className="col-rate">{tb('process.pieceRate')}</th>
              <th className="col-tools" aria-label={tb('list.actions')} />
            </tr>
          </thead>
          <tbody>
            {state.rows.map((row, index) => (
              <tr key={row.key} data-testid="step-row">
                <td className="col-seq">{index + 1}</td>
                <td>
                  <InputText
                    value={row.name}
                    maxLength={64}
                    aria-label={`${tb('process.stepName')} ${index + 1}`}
                    onChange={(event) => update(index, { name: event.target.value })}
                    invalid={Boolean(error) && row.name.trim() === ''}
                  />
                </td>
                <td className="col-rate">
                  <NumberInput
                    value={row.pieceRate}
                    onValueChange={(event) => update(index, { pieceRate: event.value ?? null })}
                    min={0}
                    max={9999}
                    minFractionDigits={2}
                    maxFractionDigits={2}
                    useGrouping={false}
                    aria-label={`${tb('process.pieceRate')} ${index + 1}`}
                  />
                </td>
                <td className="col-tools">
                  <RowTools
                    index={index}
                    count={state.rows.length}
                    onMove={(by) => setState((current) => ({ rows: moveItem(current.rows, index, by) }))}
                    onRemove={() => setState((current) => ({ rows: removeItem(current.rows, index) }))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <small className="p-error field-error" role="alert">
          {error.message}
        </small>
      )}
    </section>
  );
}

export const processExtension = defineExtension<StepsState>({
  init: (record) => ({ rows: stepsOfRecord(record?.steps) }),
  toBody: (state) => ({ steps: stepsToJson(state.rows) }),
  validate(state) {
    const row = firstUnnamedStep(state.rows);
    return row ? { field: 'steps', message: t('baseData:process.stepNameRequired', { index: row }) } : null;
  },
  fields: ['steps'],
  Panel: StepsPanel,
});
