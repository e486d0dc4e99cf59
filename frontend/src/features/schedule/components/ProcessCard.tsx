// One process of the order's route: its numbers, status and due date, and the form that
// records progress at it.
import { useTranslation } from 'react-i18next';
import type { ProgressColumn, ScanResult, StepProgress } from '@contracts/production';
import { formatDate } from '../../../lib/format-date';
import { stepAvailable, stepPercent, stepRemaining } from '../model/progress-model';
import { statusStyle } from '../../../lib/status-style';
import { RecordProgressForm, type GridOption } from './RecordProgressForm';
import { ProgressBarThin, StatusTag } from './StatusTag';

export interface ProcessCardProps {
  orderId: number;
  step: StepProgress;
  column: ProgressColumn | undefined;
  colors: GridOption[];
  sizes: GridOption[];
  /** The process is not one the user may record (the server would refuse it). */
  notPermitted: boolean;
  /** Pieces the previous step of the route has done (none for the first step). */
  previousDone?: number;
  onRecorded: (result: ScanResult) => void;
}

export function ProcessCard({ orderId, step, column, colors, sizes, notPermitted, previousDone, onRecorded }: ProcessCardProps) {
  const { t, i18n } = useTranslation('schedule');
  const name = column?.name ?? t('detail.unknownProcess', { id: step.processId });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const percent = stepPercent(step);
  const style = statusStyle(step.status);
  const fact = (label: string, value: string, testId?: string) => (
    <div className="process-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <section className={`process-card is-${step.status}`} style={{ borderTopColor: style.color }} aria-label={name} data-testid={`process-card-${step.processId}`}>
      <header className="process-card-head">
        <span className="process-seq" style={{ background: style.background, color: style.text }}>
          {step.sequence}
        </span>
        <div className="process-title">
          <h2>{name}</h2>
          {column && (column.endProcess || column.warehouseIn || column.warehouseOut) && (
            <span className="process-kinds muted">
              {[column.endProcess && t('detail.endProcess'), column.warehouseIn && t('detail.warehouseIn'), column.warehouseOut && t('detail.warehouseOut')].filter(Boolean).join(' · ')}
            </span>
          )}
        </div>
        <StatusTag status={step.status} />
      </header>
      <div className="process-progress">
        <span className="process-done" data-testid={`done-${step.processId}`}>
          <strong style={{ color: style.text }}>{number.format(step.done)}</strong>
          <span className="muted"> / {number.format(step.planned)}</span>
        </span>
        <span className="muted">{Math.round(percent)}%</span>
      </div>
      <ProgressBarThin percent={percent} status={step.status} label={name} />
      <dl className="process-facts">
        {fact(t('fields.dueDate'), step.dueDate)}
        {fact(t('fields.remaining'), number.format(stepRemaining(step)))}
        {fact(t('fields.firstScanAt'), formatDate(step.firstScanAt, 'MM-DD HH:mm', '—'))}
        {fact(t('fields.lastScanAt'), formatDate(step.lastScanAt, 'MM-DD HH:mm', '—'))}
      </dl>
      {notPermitted && (
        <p className="process-note" role="note">
          <i className="pi pi-lock" aria-hidden="true" /> {t('detail.notPermitted')}
        </p>
      )}
      <RecordProgressForm orderId={orderId} processId={step.processId} processName={name} remaining={stepAvailable(step, previousDone)} colors={colors} sizes={sizes} onRecorded={onRecorded} />
    </section>
  );
}
