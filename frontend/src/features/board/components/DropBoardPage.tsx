// /dropDashboard (refreshType other than 0 and 1): the orders with the latest activity on top.
// A row that changes moves to the top; the others slide down to make room (FLIP: measure before
// and after, animate the difference), a row new to the screen drops in from above.
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteScreenProps } from '../../../config/paths';
import { useFitRows } from '../hooks/use-fit-rows';
import type { BoardController } from '../api/board-store';
import { useTvBoard } from '../hooks/use-tv-board';
import { sortByActivity } from '../model/board-model';
import { BoardFrame, BoardMessage } from './BoardChrome';
import { BoardRow, RowProbe, useRowLabels } from './BoardTable';
import { BoardGrid, useBoardData } from './BoardViewport';

const MOVE_MS = 600;

/** Animates rows (children with data-order-id) from where they were to where they are now. */
function useFlip(container: React.RefObject<HTMLDivElement | null>, order: string): void {
  const previous = useRef<Map<string, number> | null>(null);
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const rows = Array.from(element.querySelectorAll<HTMLElement>(':scope > [data-order-id]'));
    const positions = new Map(rows.map((row) => [row.dataset.orderId!, row.offsetTop]));
    const before = previous.current;
    previous.current = positions;
    // The first rows (first rendering, first snapshot) just appear; reduced motion is respected.
    if (!before || before.size === 0 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    for (const row of rows) {
      const id = row.dataset.orderId!;
      const was = before.get(id);
      const now = positions.get(id)!;
      if (was === undefined) {
        row.classList.remove('is-dropping');
        void row.offsetWidth; // restart the animation
        row.classList.add('is-dropping');
        continue;
      }
      if (was === now) continue;
      row.style.transition = 'none';
      row.style.transform = `translateY(${was - now}px)`;
      void row.offsetWidth;
      row.style.transition = `transform ${MOVE_MS}ms cubic-bezier(0.2, 0.8, 0.2, 1)`;
      row.style.transform = '';
    }
  }, [container, order]);
}

export function DropBoardPage(_props: RouteScreenProps) {
  return <DropBoard controller={useTvBoard('drop')} />;
}

export function DropBoard({ controller }: { controller: BoardController }) {
  const { t } = useTranslation('board');
  const data = useBoardData(controller);
  const labels = useRowLabels();
  const fit = useFitRows();
  const sorted = useMemo(() => sortByActivity(data.rows), [data.rows]);
  const rows = useMemo(() => sorted.slice(0, fit.rows), [sorted, fit.rows]);
  const listRef = useRef<HTMLDivElement | null>(null);
  const order = rows.map((row) => row.id).join(',');
  useFlip(listRef, order);
  const more = data.rows.length - rows.length;

  return (
    <BoardFrame controller={controller} mode="drop" footer={data.ready && more > 0 && <span className="board-footer-count">{t('moreRows', { count: more })}</span>}>
      <BoardGrid controller={controller} data={data} withActivity>
        <div className="board-viewport" ref={fit.viewportRef}>
          <RowProbe probeRef={fit.probeRef} />
          {data.ready && data.rows.length === 0 && <BoardMessage icon="pi pi-inbox">{t('empty')}</BoardMessage>}
          <div className="board-drop-list" ref={listRef}>
            {rows.map((row) => (
              <BoardRow key={row.id} row={row} columns={data.columns} today={data.today} flash={data.flashes.get(row.id)} labels={labels} withActivity alerts={data.alerts.get(row.id)} />
            ))}
          </div>
        </div>
      </BoardGrid>
    </BoardFrame>
  );
}
