// PrimeReact's TabView, kept from moving the page when it appears.
//
// When it mounts, PrimeReact's TabView brings its selected tab's header into view with
// scrollIntoView({block: 'nearest'}) — meant for its own header strip, which scrolls sideways
// when the tabs do not fit. But scrollIntoView scrolls every ancestor too, the page included: a
// TabView below the fold (the difference statistics' rollups under the order list, on a 1366 × 768
// laptop) pulled the page down to it the moment its data arrived, and the manager saw the middle of
// the list. This TabView notes the scroll position of each of its ancestors before PrimeReact's
// mount effect runs (a parent's layout effect runs after its children's and before any passive
// effect) and puts back any that the mount moved. The header strip is inside the TabView, not an
// ancestor, so it still scrolls to the selected tab; later tab changes are the user's own clicks.
import { type ComponentProps, useEffect, useLayoutEffect, useRef } from 'react';
import { TabView as PrimeTabView } from 'primereact/tabview';

export { TabPanel } from 'primereact/tabview';

type Positions = [element: Element, top: number, left: number][];

function positionsAbove(element: Element | null | undefined): Positions {
  const positions: Positions = [];
  for (let ancestor = element?.parentElement; ancestor; ancestor = ancestor.parentElement) {
    positions.push([ancestor, ancestor.scrollTop, ancestor.scrollLeft]);
  }
  return positions;
}

export function TabView(props: Omit<ComponentProps<typeof PrimeTabView>, 'ref'>) {
  const tabView = useRef<PrimeTabView>(null);
  const before = useRef<Positions>([]);
  useLayoutEffect(() => {
    before.current = positionsAbove(tabView.current?.getElement());
  }, []);
  useEffect(() => {
    for (const [element, top, left] of before.current) {
      if (element.scrollTop !== top || element.scrollLeft !== left) element.scrollTo(left, top);
    }
    before.current = [];
  }, []);
  return <PrimeTabView ref={tabView} {...props} />;
}
