// The console's charts (recharts): pieces per day over two weeks, and orders in production by
// status. Today's pieces per process are a ranked list (ConsoleLists).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from 'primereact/card';
import { Skeleton } from 'primereact/skeleton';
import type { ConsoleKpis } from '@contracts/production';
import { dailySeries, statusSlices, totalOf } from '../model/console-model';

const AXIS = { fontSize: 12, fill: '#667382' };
const GRID = '#eef1f4';
const ACCENT = '#0f9488';

function ChartCard({ title, total, className, testId, children }: { title: string; total?: string; className: string; testId: string; children: ReactNode }) {
  return (
    <Card className={`console-card chart-card ${className}`} data-testid={testId}>
      <div className="chart-head">
        <h2>{title}</h2>
        {total && <span className="chart-total">{total}</span>}
      </div>
      {children}
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <div className="chart-empty">
      <i className="pi pi-chart-bar" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

export function ConsoleCharts({ kpis }: { kpis: ConsoleKpis | null }) {
  const { t, i18n } = useTranslation('home');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const compactFormat = new Intl.NumberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  const compact = (value: number) => compactFormat.format(value);
  const pieces = (value: unknown) => t('charts.pieces', { count: Number(value), formatted: number.format(Number(value)) });
  const loading = <Skeleton height="15rem" />;

  const daily = kpis ? dailySeries(kpis.daily) : [];
  const dailyTotal = totalOf(daily);
  const slices = kpis ? statusSlices(kpis.byStatus) : [];
  const ordersTotal = totalOf(slices);

  return (
    <>
      <ChartCard title={t('charts.status')} total={kpis ? t('charts.orders', { count: ordersTotal }) : undefined} className="chart-status" testId="chart-status">
        {!kpis ? (
          loading
        ) : slices.length === 0 ? (
          <Empty text={t('charts.noOrders')} />
        ) : (
          <div className="donut-layout">
            <div className="donut-box">
              <ResponsiveContainer width="100%" height="100%">
                <PieChart>
                  <Pie data={slices} dataKey="value" nameKey="status" innerRadius="62%" outerRadius="92%" paddingAngle={slices.length > 1 ? 2 : 0} stroke="none" isAnimationActive={false}>
                    {slices.map((slice) => (
                      <Cell key={slice.status} fill={slice.color} />
                    ))}
                  </Pie>
                  <Tooltip formatter={(value, name) => [t('charts.orders', { count: Number(value) }), t(`status.${String(name)}`)]} />
                </PieChart>
              </ResponsiveContainer>
              <div className="donut-center" aria-hidden="true">
                <strong>{number.format(ordersTotal)}</strong>
                <span>{t('charts.inProduction')}</span>
              </div>
            </div>
            <ul className="donut-legend">
              {(['notStarted', 'partial', 'delayed', 'done'] as const).map((status) => {
                const value = kpis.byStatus[status] ?? 0;
                return (
                  <li key={status} data-testid={`status-${status}`}>
                    <span className="legend-dot" style={{ background: slices.find((slice) => slice.status === status)?.color ?? '#cbd5e1' }} />
                    <span className="legend-name">{t(`status.${status}`)}</span>
                    <strong>{number.format(value)}</strong>
                    <span className="muted">{ordersTotal > 0 ? `${Math.round((value / ordersTotal) * 100)}%` : '—'}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </ChartCard>

      <ChartCard title={t('charts.daily')} total={kpis ? pieces(dailyTotal) : undefined} className="chart-daily" testId="chart-daily">
        {!kpis ? (
          loading
        ) : daily.length === 0 ? (
          <Empty text={t('charts.noScans')} />
        ) : (
          <div className="chart-box">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={daily} margin={{ top: 12, right: 12, bottom: 0, left: 0 }}>
                <defs>
                  <linearGradient id="console-daily-fill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor={ACCENT} stopOpacity={0.35} />
                    <stop offset="100%" stopColor={ACCENT} stopOpacity={0.02} />
                  </linearGradient>
                </defs>
                <CartesianGrid vertical={false} stroke={GRID} />
                <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={{ stroke: GRID }} interval="preserveStartEnd" minTickGap={12} />
                <YAxis tick={AXIS} tickLine={false} axisLine={false} allowDecimals={false} width={52} tickFormatter={compact} />
                <Tooltip formatter={(value) => [pieces(value), t('charts.quantity')]} labelFormatter={(label) => String(label)} />
                <Area type="monotone" dataKey="quantity" stroke={ACCENT} strokeWidth={2} fill="url(#console-daily-fill)" dot={{ r: 2.5, fill: ACCENT }} activeDot={{ r: 4 }} isAnimationActive={false} />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        )}
      </ChartCard>
    </>
  );
}
