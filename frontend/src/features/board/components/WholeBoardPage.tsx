// /wholeDashboard (refreshType 0): as many rows as fit the screen, one page at a time, flipping
// every refreshInterval seconds. Data is pushed; a scan updates its row on whatever page shows it.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteScreenProps } from '../../../config/paths';
import { useFitRows } from '../hooks/use-fit-rows';
import type { BoardController } from '../api/board-store';
import { useTvBoard } from '../hooks/use-tv-board';
import { pageCount, pageOf } from '../model/board-model';
import { BoardFrame, BoardMessage } from './BoardChrome';
import { BoardRow, RowProbe, useRowLabels } from './BoardTable';
import { BoardGrid, useBoardData } from './BoardViewport';

export function WholeBoardPage(_props: RouteScreenProps) {
  return <WholeBoard controller={useTvBoard('whole')} />;
}

export function WholeBoard({ controller }: { controller: BoardController }) {
  const { t } = useTranslation('board');
  const data = useBoardData(controller);
  const labels = useRowLabels();
  const fit = useFitRows();
  const pageSize = fit.rows;
  const count = pageCount(data.rows.length, pageSize);
  const [page, setPage] = useState(0);
  // Bumped by a manual flip: the automatic one then waits a whole interval again.
  const [manualFlips, setManualFlips] = useState(0);
  const countRef = useRef(count);
  countRef.current = count;
  const intervalMs = Math.max(3, data.refreshInterval) * 1000;

  useEffect(() => {
    const timer = window.setInterval(() => setPage((current) => (countRef.current > 1 ? (current + 1) % countRef.current : 0)), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, manualFlips]);

  // A keyboard or a TV remote's arrows flip pages (someone looking for one order need not wait).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Arrows inside a control (the language switch) belong to that control.
      const target = event.target instanceof Element ? event.target : null;
      if (event.defaultPrevented || target?.closest('input, select, textarea, [role=combobox], [role=listbox], .p-dropdown')) return;
      const step = event.key === 'ArrowRight' || event.key === 'PageDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'PageUp' ? -1 : 0;
      if (step === 0 || countRef.current < 2) return;
      event.preventDefault();
      setPage((current) => (((current % countRef.current) + step + countRef.current) % countRef.current));
      setManualFlips((flips) => flips + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shown = page % count;
  const rows = useMemo(() => pageOf(data.rows, pageSize, shown), [data.rows, pageSize, shown]);
  // A flip slides the new page in (.board-page's animation, restarted here) while its rows are
  // kept by position: React rewrites their text instead of removing a page of rows and building
  // the next — on a TV under load that rebuild was one of the page's longest tasks.
  const pageRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const animation of pageRef.current?.getAnimations?.() ?? []) {
      animation.cancel();
      animation.play();
    }
  }, [shown]);

  const footer = data.ready && (
    <div className="board-pager" data-testid="board-pager">
      <span className="board-pager-text" data-testid="board-page" data-page={shown + 1} data-count={count} title={count > 1 ? t('pageKeys') : undefined}>
        {t('page', { page: shown + 1, count })}
      </span>
      {count > 1 && count <= 30 && (
        <span className="board-pager-dots" aria-hidden="true">
          {Array.from({ length: count }, (_, index) => (
            <i key={index} className={index === shown ? 'is-current' : undefined} />
          ))}
        </span>
      )}
      {count > 1 && (
        <span className="board-pager-timer" aria-hidden="true">
          {/* Restarts with every page: shows how long until the next flip. */}
          <i key={`${shown}-${intervalMs}-${manualFlips}`} style={{ animationDuration: `${intervalMs}ms` }} />
        </span>
      )}
    </div>
  );

  return (
    <BoardFrame controller={controller} mode="whole" footer={footer}>
      <BoardGrid controller={controller} data={data}>
        <div className="board-viewport" ref={fit.viewportRef}>
          <RowProbe probeRef={fit.probeRef} />
          {data.ready && data.rows.length === 0 && <BoardMessage icon="pi pi-inbox">{t('empty')}</BoardMessage>}
          <div className="board-page" ref={pageRef}>
            {rows.map((row, slot) => (
              // Keyed by position (see pageRef): BoardRow holds no state of its own order.
              <BoardRow key={slot} row={row} columns={data.columns} today={data.today} flash={data.flashes.get(row.id)} labels={labels} withActivity={false} alerts={data.alerts.get(row.id)} />
            ))}
          </div>
        </div>
      </BoardGrid>
    </BoardFrame>
  );
}
