// The one definition of every number about orders that a screen shows: finish rate, delay rate,
// delayed, on time, due this week, days late — what counts and over which orders. The server
// (console statistics, schedule totals, board snapshots, scan events) and the client (board
// header after a pushed scan, console, schedule) all call these functions; the SQL that counts
// many orders at once (backend/src/progress/progress-sql.ts) is their twin and is tested
// against them. Before this file, the console divided by orders in production and the boards by
// every order shown (completed ones included), and "delayed" also meant "a step is late", so
// "Delayed 15" stood next to a days-late column filled on 4 rows.
//
// Definitions (days are YYYY-MM-DD calendar days of the factory; `today` is passed in):
// - hidden orders are never counted anywhere;
// - in production: shown and not completed — the population every rate is taken over;
// - delayed: in production and past its delivery date (delivery < today). An order finished
//   late is not delayed (it is finished); one due today is not delayed yet;
// - days late: today − delivery for a delayed order, else 0 (so "delayed" ⇔ days late > 0);
// - on time: in production and not delayed (on time + delayed = in production);
// - due this week: in production with delivery from today to today + 6;
// - finish rate of an order: done ÷ planned summed over its steps, a step counting at most its
//   plan, 0–100 with one decimal; of a set: the mean over its orders in production;
// - delay rate: delayed ÷ in production × 100, one decimal; 0 when nothing is in production.

/** Days of "due this week": today and the next six. */
export const DUE_SOON_DAYS = 7;

/** What the metrics need to know about one order. */
export interface OrderFacts {
  completed: boolean;
  /** YYYY-MM-DD. */
  deliveryDate: string;
  /** 0–100 (orderFinishRate). */
  finishRate: number;
  /** Hidden orders are left out of every count; omitted means shown. */
  hidden?: boolean;
}

/**
 * Over which orders a set of metrics was counted: the label shown next to every rate.
 * - inProduction: every shown order not completed (the console);
 * - board: the orders on this board (its display mode and visible-days settings);
 * - filter: the orders matching the schedule's filter.
 * Rates are always over the orders *in production* of that set.
 */
export const METRIC_POPULATIONS = ['inProduction', 'board', 'filter'] as const;
export type MetricPopulation = (typeof METRIC_POPULATIONS)[number];

/** Counts over a set of orders, from which every metric is derived (counted in SQL or in memory). */
export interface MetricCounts {
  /** Shown orders in the set, completed ones included. */
  orders: number;
  completed: number;
  inProduction: number;
  delayed: number;
  dueThisWeek: number;
  /** Σ finish rate of the orders in production (for the mean). */
  finishRateSum: number;
}

/** The metrics of a set of orders, labelled with the population they were counted over. */
export interface OrderMetrics {
  population: MetricPopulation;
  /** Shown orders in the set, completed ones included. */
  orders: number;
  completed: number;
  /** The denominator of both rates. */
  inProduction: number;
  /** In production and not past delivery. onTime + delayed = inProduction. */
  onTime: number;
  /** In production and past delivery (rows with days late > 0). */
  delayed: number;
  dueThisWeek: number;
  /** 0–100, one decimal: the mean finish rate of the orders in production. */
  finishRate: number;
  /** 0–100, one decimal: delayed ÷ in production. */
  delayRate: number;
}

const DAY_MS = 86_400_000;

/** `day` moved by `days` calendar days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Rounded to one decimal the same way in JavaScript and SQL (floor(x + 0.5)). */
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Counted into rates: shown and not completed. */
export function isInProduction(order: Pick<OrderFacts, 'completed' | 'hidden'>): boolean {
  return !order.hidden && !order.completed;
}

/** Not completed and past its delivery date (a property of the order, hidden or not). */
export function isDelayed(order: Pick<OrderFacts, 'completed' | 'deliveryDate'>, today: string): boolean {
  return !order.completed && order.deliveryDate < today;
}

/** Days past delivery of a delayed order, else 0: the per-row "days late" column. */
export function daysLate(order: Pick<OrderFacts, 'completed' | 'deliveryDate'>, today: string): number {
  return isDelayed(order, today) ? daysBetween(order.deliveryDate, today) : 0;
}

/** In production and not delayed. */
export function isOnTime(order: Pick<OrderFacts, 'completed' | 'deliveryDate' | 'hidden'>, today: string): boolean {
  return isInProduction(order) && !isDelayed(order, today);
}

/** The last day of "due this week" (inclusive). */
export function dueThisWeekEnd(today: string): string {
  return addDays(today, DUE_SOON_DAYS - 1);
}

/** In production with delivery from today through today + 6 (a delayed order is not "due"). */
export function isDueThisWeek(order: Pick<OrderFacts, 'completed' | 'deliveryDate' | 'hidden'>, today: string): boolean {
  return isInProduction(order) && order.deliveryDate >= today && order.deliveryDate <= dueThisWeekEnd(today);
}

/** 0–100, one decimal: done over planned summed over the steps; a step counts at most its plan. */
export function orderFinishRate(steps: readonly { planned: number; done: number }[]): number {
  let planned = 0;
  let done = 0;
  for (const step of steps) {
    planned += step.planned;
    done += Math.max(0, Math.min(step.done, step.planned));
  }
  // The same float operations as the SQL twin (floor(done / planned * 1000 + 0.5) / 10).
  return planned === 0 ? 0 : Math.round((done / planned) * 1000) / 10;
}

export function emptyCounts(): MetricCounts {
  return { orders: 0, completed: 0, inProduction: 0, delayed: 0, dueThisWeek: 0, finishRateSum: 0 };
}

/** Counts over orders held in memory (a board's rows); hidden ones are skipped. */
export function countOrders(orders: Iterable<OrderFacts>, today: string): MetricCounts {
  const counts = emptyCounts();
  for (const order of orders) {
    if (order.hidden) continue;
    counts.orders += 1;
    if (order.completed) {
      counts.completed += 1;
      continue;
    }
    counts.inProduction += 1;
    counts.finishRateSum += order.finishRate;
    if (isDelayed(order, today)) counts.delayed += 1;
    if (isDueThisWeek(order, today)) counts.dueThisWeek += 1;
  }
  return counts;
}

/** The metrics of counts, however they were counted. */
export function metricsOf(counts: MetricCounts, population: MetricPopulation): OrderMetrics {
  const { orders, completed, inProduction, delayed, dueThisWeek } = counts;
  return {
    population,
    orders,
    completed,
    inProduction,
    onTime: inProduction - delayed,
    delayed,
    dueThisWeek,
    finishRate: inProduction === 0 ? 0 : oneDecimal(counts.finishRateSum / inProduction),
    delayRate: inProduction === 0 ? 0 : oneDecimal((delayed / inProduction) * 100),
  };
}

/** countOrders then metricsOf. */
export function orderMetrics(orders: Iterable<OrderFacts>, today: string, population: MetricPopulation): OrderMetrics {
  return metricsOf(countOrders(orders, today), population);
}

// ——— names and population labels, the same words on every screen ———

export const METRIC_NAME_KEYS = ['orders', 'inProduction', 'delayed', 'daysLate', 'onTime', 'dueThisWeek', 'finishRate', 'delayRate', 'completed'] as const;
export type MetricName = (typeof METRIC_NAME_KEYS)[number];

/**
 * The metrics' names, the same words on every screen. "Delayed orders" is a count of orders;
 * "days late" is one row's number — named apart so the two are never read as one another.
 */
export const METRIC_NAMES: Record<'zh-CN' | 'en', Record<MetricName, string>> = {
  'zh-CN': {
    orders: '订单数',
    inProduction: '在产订单',
    delayed: '延期订单',
    daysLate: '延期天数',
    onTime: '未延期',
    dueThisWeek: '本周到期',
    finishRate: '完成率',
    delayRate: '延期率',
    completed: '已完成',
  },
  en: {
    orders: 'Orders',
    inProduction: 'In production',
    delayed: 'Delayed orders',
    daysLate: 'Days late',
    onTime: 'On time',
    dueThisWeek: 'Due this week',
    finishRate: 'Finish rate',
    delayRate: 'Delay rate',
    completed: 'Completed',
  },
};

/**
 * "of 42 orders in production" — i18next strings with {{count}}, shown under every rate, in
 * i18next's plural forms (it picks `_one`/`_other` by the count and the language).
 */
export const POPULATION_LABELS: Record<'zh-CN' | 'en', Record<string, string>> = {
  // Chinese has one form; both keys are given so every language has the same keys.
  'zh-CN': {
    inProduction_one: '在产订单 {{count}} 个中',
    inProduction_other: '在产订单 {{count}} 个中',
    board_one: '本看板在产订单 {{count}} 个中',
    board_other: '本看板在产订单 {{count}} 个中',
    filter_one: '符合筛选的在产订单 {{count}} 个中',
    filter_other: '符合筛选的在产订单 {{count}} 个中',
  },
  en: {
    inProduction_one: 'of {{count}} order in production',
    inProduction_other: 'of {{count}} orders in production',
    board_one: 'of {{count}} order in production on this board',
    board_other: 'of {{count}} orders in production on this board',
    filter_one: 'of {{count}} order in production matching the filter',
    filter_other: 'of {{count}} orders in production matching the filter',
  },
};
