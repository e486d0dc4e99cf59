// How many board rows fit the visible area: the area's height over one row's height (a probe
// element styled like a row), kept current on resize.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { rowsThatFit } from '../model/board-model';

export interface FitRows {
  viewportRef: RefObject<HTMLDivElement | null>;
  probeRef: RefObject<HTMLDivElement | null>;
  rows: number;
  viewportHeight: number;
  rowHeight: number;
}

export function useFitRows(fallback = 12): FitRows {
  const viewportRef = useRef<HTMLDivElement | null>(null);
  const probeRef = useRef<HTMLDivElement | null>(null);
  const [size, setSize] = useState({ viewportHeight: 0, rowHeight: 0 });

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const measure = () => {
      const viewportHeight = viewport.clientHeight;
      const rowHeight = probeRef.current?.getBoundingClientRect().height ?? 0;
      setSize((current) => (current.viewportHeight === viewportHeight && current.rowHeight === rowHeight ? current : { viewportHeight, rowHeight }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    if (probeRef.current) observer.observe(probeRef.current);
    return () => observer.disconnect();
  }, []);

  return { viewportRef, probeRef, rows: rowsThatFit(size.viewportHeight, size.rowHeight, fallback), ...size };
}
