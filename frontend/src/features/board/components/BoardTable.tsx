// Orders × processes as CSS-grid rows (a fixed header above rows that page, scroll or drop).
// Each row is memoised on its row object: a scan replaces one row object, so one row renders.
import { createContext, memo, useContext, useMemo, type CSSProperties, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DelayAlertKind } from '@contracts/alerts';
import type { ProgressColumn, ProgressRow, StepProgress } from '@contracts/production';
import { formatDate } from '../../../lib/format-date';
import type { RowFlash } from '../api/board-store';
import { kindsOf } from '../model/alert-marks';
import { waitingAt } from '../model/board-model';
import { percentText, rowTone, stepPercent, stepTone, type CellTone } from '../model/presentation';
import { boardProcessLabel } from './process-label';

/** A bar's fill as a composited transform (0–100 %). */
export function barStyle(percent: number): CSSProperties {
  return { transform: `scaleX(${Math.min(100, Math.max(0, percent)) / 100})` };
}

export interface RowLabels {
  delayDays: (count: number) => string;
  waiting: (count: number) => string;
  alert: Record<DelayAlertKind, string>;
  notReviewed: string;
  noDocument: string;
  status: Record<CellTone, string>;
}

export function useRowLabels(): RowLabels {
  const { t, i18n } = useTranslation('board');
  return useMemo(
    () => ({
      delayDays: (count: number) => t('delayDays', { count }),
      waiting: (count: number) => t('waiting', { count }),
      alert: { stepOverdue: t('alert.stepOverdue'), deliveryAtRisk: t('alert.deliveryAtRisk') },
      notReviewed: t('flags.notReviewed'),
      noDocument: t('flags.noDocument'),
      status: {
        none: t('status.none'),
        notStarted: t('status.notStarted'),
        partial: t('status.partial'),
        atRisk: t('status.atRisk'),
        done: t('status.done'),
        delayed: t('status.delayed'),
      },
    }),
    // The texts change only with the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language],
  );
}

/** The grid columns: order, customer, style, delivery, delay, one per process, finish rate. */
export function gridStyle(processCount: number, withActivity: boolean): CSSProperties {
  // The order column holds the two flags (≥ 2 % of the screen height each) under the number.
  const fixed = '[order] minmax(0, 2.1fr) [customer] minmax(0, 1fr) [style] minmax(0, 1.3fr) [delivery] minmax(0, 0.65fr) [delay] minmax(0, 0.5fr)';
  const processes = processCount > 0 ? ` repeat(${processCount}, minmax(0, 1fr))` : '';
  // The activity column (drop-down board) takes its room from the finish rate's.
  const activity = withActivity ? '[activity] minmax(0, 0.8fr) ' : '';
  const finish = withActivity ? '1fr' : '1.2fr';
  return {
    '--board-cols': `${activity}${fixed}${processes} [finish] minmax(0, ${finish})`,
    // Many processes: smaller text so a 1366 px screen still fits them (the per-process numbers
    // keep the size the board's density gives them).
    '--board-density': processCount > 10 ? '0.82' : processCount > 7 ? '0.92' : '1',
  } as CSSProperties;
}

export const BoardHeaderRow = memo(function BoardHeaderRow({ columns, withActivity }: { columns: readonly ProgressColumn[]; withActivity: boolean }) {
  const { t, i18n } = useTranslation('board');
  return (
    <div className="brow brow-head" role="row">
      {withActivity && <div role="columnheader">{t('columns.lastActivity')}</div>}
      <div role="columnheader">{t('columns.orderNo')}</div>
      <div role="columnheader">{t('columns.customer')}</div>
      <div role="columnheader">{t('columns.style')}</div>
      <div role="columnheader">{t('columns.delivery')}</div>
      <div role="columnheader" className="bc-num">
        {t('columns.delay')}
      </div>
      {columns.map((column) => (
        <div key={column.id} role="columnheader" className="bc-process" title={column.name} aria-label={column.name} data-testid="board-process-head">
          {boardProcessLabel(column, i18n.language)}
        </div>
      ))}
      <div role="columnheader" className="bc-finish">
        {t('columns.finishRate')}
      </div>
    </div>
  );
});

/** Whether the process cells show the pieces waiting there (DashboardSettings.showWip), provided by the board's frame. */
export const BoardWipContext = createContext(false);

interface ProcessCellProps {
  step: StepProgress | undefined;
  today: string;
  label: RowLabels;
  flashId: number | null;
  /** Pieces waiting here (board-model waitingAt). */
  waiting: number | null;
}

const ProcessCell = memo(function ProcessCell({ step, today, label, flashId, waiting }: ProcessCellProps) {
  const showWip = useContext(BoardWipContext);
  const tone = stepTone(step, today);
  if (!step) {
    return (
      <div className="bc bc-process tone-none" role="cell" title={label.status.none}>
        <span className="bcell-none">—</span>
      </div>
    );
  }
  return (
    <div className={`bc bc-process tone-${tone}`} role="cell" title={label.status[tone]} data-tone={tone} data-testid={`board-cell-${step.processId}`}>
      {flashId !== null && <span key={flashId} className="bcell-flash" aria-hidden="true" />}
      <div className="bcell-nums board-num">
        <b data-testid="board-process-number">{step.done}</b>
        <span>/{step.planned}</span>
        {showWip && waiting !== null && waiting > 0 && (
          <span className="bcell-wip" title={label.waiting(waiting)} data-testid="board-cell-wip">
            {waiting}
          </span>
        )}
      </div>
      <div className="bcell-bar" aria-hidden="true">
        <i style={barStyle(stepPercent(step))} />
      </div>
    </div>
  );
});

interface BoardRowProps {
  row: ProgressRow;
  columns: readonly ProgressColumn[];
  today: string;
  flash: RowFlash | undefined;
  labels: RowLabels;
  withActivity: boolean;
  /** The order's open delay alerts (alert id → kind), if any. */
  alerts?: ReadonlyMap<number, DelayAlertKind>;
}

function activityText(value: string | null, today: string): string {
  if (!value) return '—';
  return formatDate(value, formatDate(value, 'YYYY-MM-DD') === today ? 'HH:mm:ss' : 'MM-DD HH:mm', '—');
}

export const BoardRow = memo(function BoardRow({ row, columns, today, flash, labels, withActivity, alerts }: BoardRowProps) {
  const tone = rowTone(row);
  const alertKinds = kindsOf(alerts);
  const alertLabel = alertKinds.map((kind) => labels.alert[kind]).join(' · ');
  return (
    <div
      className={`brow${row.flagged ? ' is-flagged' : ''}${row.delayDays > 0 ? ' is-late' : ''}${row.completed ? ' is-completed' : ''}`}
      role="row"
      data-order-id={row.id}
      data-testid="board-row"
    >
      {flash && <span key={flash.id} className={`brow-flash is-${flash.kind}`} aria-hidden="true" />}
      {withActivity && (
        <div className="bc bc-activity board-num" role="cell">
          {activityText(row.lastScanAt, today)}
        </div>
      )}
      <div className="bc bc-order" role="cell">
        <span className="bc-main board-num">
          {row.orderNo}
          {alertKinds.length > 0 && (
            <span className="brow-alert pi pi-exclamation-triangle" role="img" aria-label={alertLabel} title={alertLabel} data-testid="board-alert-mark" />
          )}
        </span>
        {row.flagged && (
          <span className="bc-flags">
            {!row.reviewed && (
              <span className="bflag" title={labels.notReviewed}>
                {labels.notReviewed}
              </span>
            )}
            {!row.hasDocument && (
              <span className="bflag" title={labels.noDocument}>
                {labels.noDocument}
              </span>
            )}
          </span>
        )}
      </div>
      <div className="bc bc-customer" role="cell">
        <span className="bc-main">{row.customerLabel}</span>
      </div>
      <div className="bc bc-style" role="cell">
        <span className="bc-main">{row.goodsCode}</span>
        <span className="bc-sub">{row.productName}</span>
      </div>
      <div className="bc bc-delivery board-num" role="cell">
        {formatDate(row.deliveryDate, 'MM-DD', '—')}
      </div>
      <div className={`bc bc-num bc-delay board-num${row.delayDays > 0 ? ' is-late' : ''}`} role="cell">
        {row.delayDays > 0 ? labels.delayDays(row.delayDays) : '—'}
      </div>
      {columns.map((column) => (
        <ProcessCell
          key={column.id}
          step={row.steps[String(column.id)]}
          today={today}
          label={labels}
          flashId={flash && flash.processId === column.id ? flash.id : null}
          waiting={waitingAt(row, column.id)}
        />
      ))}
      <div className={`bc bc-finish tone-${tone}`} role="cell" data-testid="row-finish">
        <span className="bfinish-num board-num">{percentText(row.finishRate)}</span>
        <div className="bcell-bar" aria-hidden="true">
          <i style={barStyle(row.finishRate)} />
        </div>
      </div>
    </div>
  );
});

/** A row-shaped element nobody sees, measured to know how many rows fit. */
export function RowProbe({ probeRef }: { probeRef: Ref<HTMLDivElement> }) {
  return <div ref={probeRef} className="brow brow-probe" aria-hidden="true" />;
}
