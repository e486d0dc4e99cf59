// The part every TV board shares below the header: the column header, the states without rows
// (loading, failed, empty) and the data each presentation needs.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { ProgressColumn, ProgressRow } from '@contracts/production';
import { useBoardState, type BoardController, type BoardError, type RowFlash } from '../api/board-store';
import { NO_MARKS, type AlertMarks } from '../model/alert-marks';
import { BoardMessage } from './BoardChrome';
import { BoardHeaderRow, gridStyle } from './BoardTable';

const NO_ROWS: readonly ProgressRow[] = [];
const NO_COLUMNS: readonly ProgressColumn[] = [];
const NO_FLASHES: ReadonlyMap<number, RowFlash> = new Map();

export interface BoardData {
  ready: boolean;
  rows: readonly ProgressRow[];
  columns: readonly ProgressColumn[];
  flashes: ReadonlyMap<number, RowFlash>;
  today: string;
  refreshInterval: number;
  error: BoardError | null;
  loading: boolean;
  alerts: AlertMarks;
}

export function useBoardData(controller: BoardController): BoardData {
  const ready = useBoardState(controller, (state) => state.snapshot !== null, false);
  const rows = useBoardState(controller, (state) => state.snapshot?.rows ?? NO_ROWS, NO_ROWS);
  const columns = useBoardState(controller, (state) => state.snapshot?.columns ?? NO_COLUMNS, NO_COLUMNS);
  const flashes = useBoardState(controller, (state) => state.flashes, NO_FLASHES);
  const today = useBoardState(controller, (state) => state.today, '');
  const refreshInterval = useBoardState(controller, (state) => state.snapshot?.settings.refreshInterval ?? 10, 10);
  const error = useBoardState(controller, (state) => state.error, null);
  const loading = useBoardState(controller, (state) => state.loading, false);
  const alerts = useBoardState(controller, (state) => state.alerts, NO_MARKS);
  return { ready, rows, columns, flashes, today, refreshInterval, error, loading, alerts };
}

/** The failure line under a board that keeps its last data (a failed refetch). */
export function BoardErrorBanner({ error }: { error: BoardError | null }) {
  const { t } = useTranslation('board');
  if (!error) return null;
  return (
    <div className="board-error-banner" role="alert">
      <i className="pi pi-exclamation-circle" aria-hidden="true" />
      {t('loadFailed', { message: error.message })} · {t('retrying')}
    </div>
  );
}

interface BoardGridProps {
  controller: BoardController;
  data: BoardData;
  withActivity?: boolean;
  children: ReactNode;
}

/** Column header + viewport; a message instead of rows while there is nothing to show. */
export function BoardGrid({ controller, data, withActivity = false, children }: BoardGridProps) {
  const { t } = useTranslation('board');
  // The rows stay mounted (their viewport is measured); the message covers them until ready.
  let overlay: ReactNode = null;
  if (!data.ready) {
    overlay = data.error ? (
      <BoardMessage
        icon="pi pi-exclamation-triangle"
        action={<Button label={t('retry')} icon="pi pi-refresh" onClick={() => void controller.reload()} loading={data.loading} />}
      >
        {t('loadFailed', { message: data.error.message })}
      </BoardMessage>
    ) : (
      <BoardMessage icon="pi pi-spin pi-spinner">{t('loading')}</BoardMessage>
    );
  }
  return (
    <div className="board-grid" style={gridStyle(data.columns.length, withActivity)} role="table">
      <BoardHeaderRow columns={data.columns} withActivity={withActivity} />
      {children}
      {overlay}
      {data.ready && <BoardErrorBanner error={data.error} />}
    </div>
  );
}
