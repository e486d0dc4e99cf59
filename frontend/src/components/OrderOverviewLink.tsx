// The way into a production order's overview from any list that shows production orders: its
// number as a link, an icon link beside a number that already links elsewhere, or a row action.
// Nothing is shown to a user without the OrderOverview screen.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { isRouteAllowed } from '@contracts/routes';
import { ORDER_PATHS } from '../config/paths';
import { useSession } from '../lib/session';
import type { RowAction } from './data-list';
import './order-overview-link.css';

const useMayOpenOverview = () => useSession((session) => isRouteAllowed('OrderOverview', session.permissions));

/** The order number, linking to the overview when the user may open it. */
export function OrderOverviewLink({ id, orderNo, className = 'order-no' }: { id: number; orderNo: string; className?: string }) {
  const { t } = useTranslation('orderOverview');
  if (!useMayOpenOverview()) return <span className={className}>{orderNo}</span>;
  return (
    <Link href={ORDER_PATHS.orderOverview(id)} className={`${className} order-overview-link`} title={t('link.title', { orderNo })} data-testid={`overview-link-${id}`}>
      {orderNo}
    </Link>
  );
}

/** A small icon link, beside an order number that already opens another screen. */
export function OrderOverviewIconLink({ id, orderNo }: { id: number; orderNo: string }) {
  const { t } = useTranslation('orderOverview');
  if (!useMayOpenOverview()) return null;
  const label = t('link.title', { orderNo });
  return (
    <Link href={ORDER_PATHS.orderOverview(id)} className="order-overview-icon-link" title={label} aria-label={label} data-testid={`overview-link-${id}`}>
      <i className="pi pi-eye" aria-hidden="true" />
    </Link>
  );
}

/** The "Overview" row action of an order list ([] without the permission). */
export function useOrderOverviewAction(): (id: number) => RowAction[] {
  const { t } = useTranslation('orderOverview');
  const [, navigate] = useLocation();
  const allowed = useMayOpenOverview();
  return (id) => (allowed ? [{ key: 'overview', label: t('link.open'), icon: 'pi pi-eye', onSelect: () => navigate(ORDER_PATHS.orderOverview(id)), testId: `overview-${id}` }] : []);
}
