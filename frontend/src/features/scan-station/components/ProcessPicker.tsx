import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import type { ProcessOption } from '../api/scan';

export interface ProcessPickerProps {
  processes: ProcessOption[];
  state: 'loading' | 'ready' | 'failed';
  selected: number | null;
  onSelect: (id: number) => void;
}

/** Big buttons, one per process the worker may execute; the chosen one stays lit. */
export function ProcessPicker({ processes, state, selected, onSelect }: ProcessPickerProps) {
  const { t } = useTranslation('scanStation');
  if (state === 'failed' && processes.length === 0) return <Message severity="error" text={t('process.loadFailed')} className="scan-note" />;
  if (state === 'ready' && processes.length === 0) return <Message severity="warn" text={t('process.none')} className="scan-note" data-testid="scan-no-process" />;
  return (
    <section className={`scan-processes${selected ? '' : ' is-choosing'}`} aria-label={t('process.title')}>
      {!selected && <p className="scan-processes-title">{t('process.choose')}</p>}
      <div className="scan-process-buttons" role="radiogroup" aria-label={t('process.title')}>
        {processes.map((process) => (
          <button
            key={process.id}
            type="button"
            role="radio"
            aria-checked={process.id === selected}
            className={`scan-process-button${process.id === selected ? ' is-selected' : ''}`}
            onClick={() => onSelect(process.id)}
            data-testid={`process-${process.code}`}
          >
            <span className="scan-process-code">{process.code}</span>
            <span className="scan-process-name">{process.name}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
