// One order × process cell of the schedule: done / planned in the status colour with a thin bar.
// `flash` changes when a live event touched the cell: the new key remounts the cell, which
// restarts its highlight animation.
import { useTranslation } from 'react-i18next';
import type { StepProgress } from '@contracts/production';
import { formatDate } from '../../../lib/format-date';
import { stepPercent } from '../model/progress-model';
import { statusStyle } from '../../../lib/status-style';
import { ProgressBarThin } from './StatusTag';

export interface ProgressCellProps {
  step: StepProgress | undefined;
  processName: string;
  flash?: number;
  language: string;
}

export function ProgressCell({ step, processName, flash, language }: ProgressCellProps) {
  const { t } = useTranslation('schedule');
  if (!step) {
    return (
      <span className="progress-cell is-off-route" title={t('grid.notOnRoute', { process: processName })}>
        —
      </span>
    );
  }
  const style = statusStyle(step.status);
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const percent = stepPercent(step);
  const title = [
    `${processName} · ${t(`status.${step.status}`, { defaultValue: step.status })}`,
    `${t('fields.done')} ${number.format(step.done)} / ${t('fields.planned')} ${number.format(step.planned)}`,
    `${t('fields.dueDate')} ${step.dueDate}`,
    step.lastScanAt ? `${t('fields.lastScanAt')} ${formatDate(step.lastScanAt, 'MM-DD HH:mm')}` : t('grid.noScanYet'),
  ].join('\n');
  return (
    <span
      key={flash ?? 0}
      className={`progress-cell is-${step.status}${flash ? ' is-flash' : ''}`}
      style={{ background: style.background, color: style.text }}
      title={title}
      data-testid={`cell-${step.processId}`}
      data-status={step.status}
    >
      <span className="progress-cell-numbers">
        <strong>{number.format(step.done)}</strong>
        <span className="progress-cell-planned">/{number.format(step.planned)}</span>
      </span>
      <ProgressBarThin percent={percent} status={step.status} label={processName} />
    </span>
  );
}
