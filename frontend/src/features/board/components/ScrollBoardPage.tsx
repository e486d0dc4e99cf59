// /scrollDashboard (refreshType 1): the rows scroll up continuously — a CSS transform animation
// over the rows followed by a repeat of the first screenful, so the jump from the end back to the
// start is invisible — one screenful per refreshInterval seconds. Hovering pauses it. When every
// row fits, nothing moves. Only one screenful is rendered twice (not all 500 rows).
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressColumn, ProgressRow } from '@contracts/production';
import type { RouteScreenProps } from '../../../config/paths';
import type { BoardController, RowFlash } from '../api/board-store';
import { useTvBoard } from '../hooks/use-tv-board';
import type { AlertMarks } from '../model/alert-marks';
import { scrollDurationSeconds } from '../model/board-model';
import { BoardFrame, BoardMessage } from './BoardChrome';
import { BoardRow, useRowLabels, type RowLabels } from './BoardTable';
import { BoardGrid, useBoardData } from './BoardViewport';

interface RowsProps {
  rows: readonly ProgressRow[];
  columns: readonly ProgressColumn[];
  today: string;
  flashes: ReadonlyMap<number, RowFlash>;
  labels: RowLabels;
  alerts: AlertMarks;
}

function Rows({ rows, columns, today, flashes, labels, alerts }: RowsProps) {
  return rows.map((row) => <BoardRow key={row.id} row={row} columns={columns} today={today} flash={flashes.get(row.id)} labels={labels} withActivity={false} alerts={alerts.get(row.id)} />);
}

export function ScrollBoardPage(_props: RouteScreenProps) {
  return <ScrollBoard controller={useTvBoard('scroll')} />;
}

export function ScrollBoard({ controller }: { controller: BoardController }) {
  const { t } = useTranslation('board');
  const data = useBoardData(controller);
  const labels = useRowLabels();
  const viewportRef = useRef<HTMLDivElement | null>(null);
  const copyRef = useRef<HTMLDivElement | null>(null);
  const [size, setSize] = useState({ viewport: 0, content: 0 });

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const copy = copyRef.current;
    if (!viewport || !copy) return;
    const measure = () => {
      // Fractional heights: a rounded distance would jump by a fraction of a pixel at each loop.
      const next = { viewport: viewport.getBoundingClientRect().height, content: copy.getBoundingClientRect().height };
      setSize((current) => (current.viewport === next.viewport && current.content === next.content ? current : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    observer.observe(copy);
    return () => observer.disconnect();
  }, []);

  const scrolling = size.content > size.viewport && size.viewport > 0;
  const duration = scrollDurationSeconds(size.content, size.viewport, data.refreshInterval);
  const trackStyle = scrolling ? ({ animationDuration: `${duration.toFixed(1)}s`, '--scroll-distance': `${size.content}px` } as CSSProperties) : undefined;
  const rowsProps: RowsProps = { rows: data.rows, columns: data.columns, today: data.today, flashes: data.flashes, labels, alerts: data.alerts };
  // The repeat covers the viewport: at the end of a cycle it shows exactly what the start shows.
  const rowHeight = data.rows.length > 0 ? size.content / data.rows.length : 0;
  const repeatCount = rowHeight > 0 ? Math.min(data.rows.length, Math.ceil(size.viewport / rowHeight) + 1) : 0;
  const repeat = useMemo(() => data.rows.slice(0, repeatCount), [data.rows, repeatCount]);

  return (
    <BoardFrame controller={controller} mode="scroll" footer={data.ready && <span className="board-footer-count">{t('mobile.results', { count: data.rows.length })}</span>}>
      <BoardGrid controller={controller} data={data}>
        <div className="board-viewport is-scroll" ref={viewportRef} data-testid="board-scroll" data-scrolling={scrolling}>
          {data.ready && data.rows.length === 0 && <BoardMessage icon="pi pi-inbox">{t('empty')}</BoardMessage>}
          <div className={`board-scroll-track${scrolling ? ' is-scrolling' : ''}`} style={trackStyle}>
            <div ref={copyRef}>
              <Rows {...rowsProps} />
            </div>
            {scrolling && (
              <div aria-hidden="true">
                <Rows {...rowsProps} rows={repeat} />
              </div>
            )}
          </div>
        </div>
      </BoardGrid>
    </BoardFrame>
  );
}
