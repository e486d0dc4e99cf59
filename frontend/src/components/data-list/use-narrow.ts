// When a list turns into cards: on a narrow screen (under 992 px, where the layout also folds
// its sidebar away) or when the list's own box is narrower than its key columns need (a
// 1024 px laptop with the sidebar open leaves ~760 px).
import { useEffect, useState, type RefObject } from 'react';

export const CARD_MEDIA_QUERY = '(max-width: 991.98px)';

export function useMediaQuery(query: string): boolean {
  const read = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [matches, setMatches] = useState(read);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(query);
    const update = () => setMatches(media.matches);
    update();
    media.addEventListener?.('change', update);
    return () => media.removeEventListener?.('change', update);
  }, [query]);
  return matches;
}

/** The element's width, followed as it changes (0 where ResizeObserver is missing: jsdom). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => setWidth(Math.round(entries[0]?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Cards below 992 px, or when the list's box is below `minTableWidth` px. */
export function useCardMode(ref: RefObject<HTMLElement | null>, minTableWidth: number): { cards: boolean; width: number } {
  const narrowScreen = useMediaQuery(CARD_MEDIA_QUERY);
  const width = useElementWidth(ref);
  return { cards: narrowScreen || (width > 0 && width < minTableWidth), width };
}
