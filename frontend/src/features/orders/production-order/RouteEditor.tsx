// The process route of a production order: processes in order, each with its due date.
// Editable while the order is not reviewed.
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { deriveDueDates, type RouteStep } from '@contracts/orders';
import { optionLabel, useMasterDataOptions } from '../../base-data/api/get-master-data-options';
import { DateInput } from '../../../components/form/DateInput';

export interface RouteEditorProps {
  steps: RouteStep[];
  onChange: (steps: RouteStep[]) => void;
  readOnly?: boolean;
  orderDate: string;
  deliveryDate: string;
}

const renumber = (steps: RouteStep[]): RouteStep[] => steps.map((step, index) => ({ ...step, sequence: index + 1 }));

export function RouteEditor({ steps, onChange, readOnly = false, orderDate, deliveryDate }: RouteEditorProps) {
  const { t } = useTranslation('orders');
  const { options } = useMasterDataOptions('process');
  const choices = options.map((option) => ({ value: option.id, label: optionLabel(option) }));
  const nameOf = (step: RouteStep) => {
    const option = options.find((candidate) => candidate.id === step.processId);
    return option ? optionLabel(option) : (step.processName ?? `#${step.processId}`);
  };
  const set = (index: number, change: Partial<RouteStep>) => onChange(steps.map((step, i) => (i === index ? { ...step, ...change } : step)));
  const move = (index: number, by: number) => {
    const next = [...steps];
    const [step] = next.splice(index, 1);
    next.splice(index + by, 0, step);
    onChange(renumber(next));
  };
  const derive = () => {
    if (!deliveryDate) return;
    const dates = deriveDueDates(deliveryDate, orderDate || deliveryDate, steps.length);
    onChange(steps.map((step, index) => ({ ...step, dueDate: dates[index] })));
  };
  const unused = choices.find((choice) => !steps.some((step) => step.processId === choice.value));

  return (
    <div className="route-editor" data-testid="route-editor">
      <p className="field-hint">{readOnly ? t('production.routeReadOnly') : t('production.routeHint')}</p>
      <table className="route-table">
        <thead>
          <tr>
            <th className="route-seq">#</th>
            <th>{t('production.process')}</th>
            <th className="route-due">{t('production.dueDate')}</th>
            {!readOnly && <th className="route-tools" aria-label={t('list.actions')} />}
          </tr>
        </thead>
        <tbody>
          {steps.map((step, index) => (
            <tr key={`${step.processId}-${index}`}>
              <td className="route-seq">{index + 1}</td>
              <td>
                {readOnly ? (
                  nameOf(step)
                ) : (
                  <Dropdown value={step.processId} options={choices} onChange={(event) => set(index, { processId: Number(event.value) })} filter aria-label={`${t('production.process')} ${index + 1}`} className="route-process" />
                )}
              </td>
              <td className="route-due">
                {readOnly ? step.dueDate : <DateInput value={step.dueDate} onChange={(value) => set(index, { dueDate: value })} ariaLabel={`${t('production.dueDate')} ${index + 1}`} />}
              </td>
              {!readOnly && (
                <td className="route-tools">
                  <Button type="button" icon="pi pi-arrow-up" text rounded size="small" disabled={index === 0} aria-label={t('production.moveUp')} onClick={() => move(index, -1)} />
                  <Button type="button" icon="pi pi-arrow-down" text rounded size="small" disabled={index === steps.length - 1} aria-label={t('production.moveDown')} onClick={() => move(index, 1)} />
                  <Button type="button" icon="pi pi-times" text rounded size="small" severity="danger" aria-label={t('production.removeStep')} onClick={() => onChange(renumber(steps.filter((_, i) => i !== index)))} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {!readOnly && (
        <div className="route-actions">
          <Button
            type="button"
            label={t('production.addStep')}
            icon="pi pi-plus"
            text
            size="small"
            disabled={!unused}
            onClick={() => unused && onChange(renumber([...steps, { processId: unused.value, sequence: steps.length + 1, dueDate: deliveryDate }]))}
          />
          <Button type="button" label={t('production.deriveDueDates')} icon="pi pi-calendar" text size="small" disabled={!deliveryDate || steps.length === 0} onClick={derive} />
        </div>
      )}
    </div>
  );
}
