import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { StepStatus } from '@contracts/production';
import { statusStyle } from '../../../lib/status-style';

/** A step's or an order's status, in its colour. */
export function StatusTag({ status, className }: { status: StepStatus; className?: string }) {
  const { t } = useTranslation('schedule');
  const style = statusStyle(status);
  return (
    <Tag
      className={`status-tag is-${status}${className ? ` ${className}` : ''}`}
      style={{ background: style.background, color: style.text, borderColor: style.color }}
      icon={style.icon}
      value={t(`status.${status}`, { defaultValue: status })}
      data-status={status}
    />
  );
}

/** A thin bar: done over planned, in the status colour. */
export function ProgressBarThin({ percent, status, label }: { percent: number; status: StepStatus; label?: string }) {
  return (
    <span className="thin-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(percent)} aria-label={label}>
      <span className="thin-bar-fill" style={{ width: `${percent}%`, background: statusStyle(status).color }} />
    </span>
  );
}
