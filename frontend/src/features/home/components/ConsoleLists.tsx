// The console's lower half: what needs attention now — delayed orders (most late first), orders
// due this week, and today's busiest processes. All come with the console's numbers, so they
// update with them the moment a scan lands.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card } from 'primereact/card';
import { Skeleton } from 'primereact/skeleton';
import type { ConsoleKpis, ConsoleOrder } from '@contracts/production';
import { PRODUCTION_PATHS } from '../../../config/paths';
import { kpiHref, topProcesses } from '../model/console-model';
import { OrderOverviewIconLink } from '../../../components/OrderOverviewLink';

function ListCard({ title, testId, more, children }: { title: string; testId: string; more?: ReactNode; children: ReactNode }) {
  return (
    <Card className="console-card list-card" data-testid={testId}>
      <div className="chart-head">
        <h2>{title}</h2>
        {more}
      </div>
      {children}
    </Card>
  );
}

function Empty({ icon, text }: { icon: string; text: string }) {
  return (
    <div className="list-empty">
      <i className={icon} aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

function OrderList({ orders, kind, language }: { orders: ConsoleOrder[]; kind: 'late' | 'due'; language: string }) {
  const { t } = useTranslation('home');
  const percent = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return (
    <ol className="console-orders">
      {orders.map((order) => (
        <li key={order.id} data-testid={`${kind}-order`} data-order-id={order.id}>
          <Link href={PRODUCTION_PATHS.scheduleUpdate(order.id)} className="console-order-no">
            {order.orderNo}
          </Link>
          <OrderOverviewIconLink id={order.id} orderNo={order.orderNo} />
          <span className="console-order-what" title={`${order.customerLabel} · ${order.productName}`}>
            {order.customerLabel} · {order.productName}
          </span>
          <span className="console-order-date">{order.deliveryDate}</span>
          {kind === 'late' ? (
            <span className="console-order-late" data-testid="days-late">
              {t('lists.daysLate', { count: order.delayDays })}
            </span>
          ) : (
            <span className="console-order-rate">{t('lists.finished', { rate: percent.format(order.finishRate) })}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

export function ConsoleLists({ kpis }: { kpis: ConsoleKpis | null }) {
  const { t, i18n } = useTranslation('home');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const loading = <Skeleton height="9rem" />;
  const all = (count: number, href: string | null) =>
    href && count > 0 ? (
      <Link href={href} className="list-more">
        {t('lists.all', { count })}
      </Link>
    ) : undefined;
  const processes = kpis ? topProcesses(kpis.todayByProcess) : [];
  const busiest = processes[0]?.quantity ?? 0;

  return (
    <div className="console-lists">
      <ListCard title={t('lists.late')} testId="list-late" more={kpis ? all(kpis.delayed, kpiHref('delayed', kpis)) : undefined}>
        {!kpis ? loading : kpis.lateOrders.length === 0 ? <Empty icon="pi pi-check-circle" text={t('lists.noLate')} /> : <OrderList orders={kpis.lateOrders} kind="late" language={i18n.language} />}
      </ListCard>
      <ListCard title={t('lists.due')} testId="list-due" more={kpis ? all(kpis.dueThisWeek, kpiHref('dueThisWeek', kpis)) : undefined}>
        {!kpis ? loading : kpis.dueThisWeekOrders.length === 0 ? <Empty icon="pi pi-calendar" text={t('lists.noDue')} /> : <OrderList orders={kpis.dueThisWeekOrders} kind="due" language={i18n.language} />}
      </ListCard>
      <ListCard title={t('lists.processes')} testId="list-processes">
        {!kpis ? (
          loading
        ) : processes.length === 0 ? (
          <Empty icon="pi pi-chart-bar" text={t('charts.noScansToday')} />
        ) : (
          <ol className="console-processes">
            {processes.map((entry) => (
              <li key={entry.processId} data-testid="top-process">
                <span className="console-process-name">{entry.name}</span>
                <span className="console-process-bar" aria-hidden="true">
                  <i style={{ width: `${Math.max(2, (entry.quantity / busiest) * 100)}%` }} />
                </span>
                <strong className="console-process-qty">{t('charts.pieces', { count: entry.quantity, formatted: number.format(entry.quantity) })}</strong>
              </li>
            ))}
          </ol>
        )}
      </ListCard>
    </div>
  );
}
