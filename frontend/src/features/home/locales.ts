// Texts of the console (namespace 'home'), zh-CN and en. `en` is typed after `zhCN`, so a missing
// or extra key fails to compile. Metric names and population labels come from the contract, so
// the console, the schedule and the boards say the same words.
import { METRIC_NAMES, POPULATION_LABELS } from '@contracts/order-metrics';

const zhCN = {
  console: {
    title: '控制台',
    subtitle: '车间生产实时概况：扫描一到，数字即更新',
    updatedAt: '数据更新于 {{time}}',
    greeting: '您好，{{name}}',
  },
  kpi: {
    title: '关键指标',
    completedThisMonth: '本月完成',
    open: '查看{{name}}明细',
    loadFailed: '无法加载生产统计：{{message}}',
    refreshFailed: '生产统计刷新失败，显示的是上次的数据：{{message}}',
  },
  metrics: METRIC_NAMES['zh-CN'],
  population: POPULATION_LABELS['zh-CN'],
  lists: {
    late: '延期订单（延期最久的在前）',
    due: '本周到期订单',
    processes: '今日工序产量排行',
    all: '全部 {{count}} 个',
    daysLate: '延期 {{count}} 天',
    finished: '已完成 {{rate}}%',
    noLate: '没有延期订单',
    noDue: '本周没有到期的订单',
  },
  charts: {
    daily: '近 14 天每日产量',
    status: '在产订单状态',
    quantity: '产量',
    pieces: '{{formatted}} 件',
    orders: '{{count}} 单',
    inProduction: '在产',
    noScansToday: '今天还没有扫描',
    noScans: '近 14 天没有扫描',
    noOrders: '没有在产订单',
  },
  status: {
    notStarted: '未开始',
    partial: '进行中',
    done: '已完成',
    delayed: '已延期',
  },
};

const en: typeof zhCN = {
  console: {
    title: 'Console',
    subtitle: 'The floor at a glance, live: numbers change the moment a scan lands',
    updatedAt: 'Updated {{time}}',
    greeting: 'Hello, {{name}}',
  },
  kpi: {
    title: 'Key figures',
    completedThisMonth: 'Completed this month',
    open: 'Show the orders: {{name}}',
    loadFailed: 'The production figures could not be loaded: {{message}}',
    refreshFailed: 'The production figures could not be refreshed; showing the last ones: {{message}}',
  },
  metrics: METRIC_NAMES.en,
  population: POPULATION_LABELS.en,
  lists: {
    late: 'Delayed orders, most late first',
    due: 'Due this week',
    processes: "Today's top processes",
    all: 'All {{count}}',
    daysLate: 'Days late: {{count}}',
    finished: '{{rate}}% done',
    noLate: 'No delayed orders',
    noDue: 'Nothing due this week',
  },
  charts: {
    daily: 'Pieces per day, last 14 days',
    status: 'Orders in production by status',
    quantity: 'Pieces',
    pieces: '{{formatted}} pcs',
    orders: '{{count}} orders',
    inProduction: 'in production',
    noScansToday: 'No scans yet today',
    noScans: 'No scans in the last 14 days',
    noOrders: 'No orders in production',
  },
  status: {
    notStarted: 'Not started',
    partial: 'In progress',
    done: 'Done',
    delayed: 'Delayed',
  },
};

export const homeLocales = { 'zh-CN': zhCN, en };
