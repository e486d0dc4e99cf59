import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { StepStatus } from '@contracts/production';
import { statusStyle } from '../../../lib/status-style';

/** A step's or the order's status, in the status colours every progress screen uses. */
export function OverviewStatusTag({ status }: { status: StepStatus }) {
  const { t } = useTranslation('orderOverview');
  const style = statusStyle(status);
  return (
    <Tag
      className="overview-status"
      style={{ background: style.background, color: style.text, borderColor: style.color }}
      icon={style.icon}
      value={t(`status.${status}`, { defaultValue: status })}
      data-status={status}
    />
  );
}

/** Label and value, for the fact lists of the top cards. */
export function Fact({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="overview-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value === null || value === undefined || value === '' ? <span className="muted">—</span> : value}</dd>
    </div>
  );
}
