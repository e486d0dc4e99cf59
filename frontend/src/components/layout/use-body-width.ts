import { useEffect, useState } from 'react';

/** Below this body width the sidebar collapses and the mobile layout applies (PRODUCT.md §6). */
export const MOBILE_BREAKPOINT = 992;

const isNarrow = (): boolean => document.body.getBoundingClientRect().width - 1 < MOBILE_BREAKPOINT;

export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(isNarrow);
  useEffect(() => {
    const update = () => setMobile(isNarrow());
    window.addEventListener('resize', update);
    update();
    return () => window.removeEventListener('resize', update);
  }, []);
  return mobile;
}
