import { METRIC_NAMES } from '../../../contracts/order-metrics.js';
import type { Localized } from '../../../contracts/master-data.js';
import type { ScheduleList, StepStatus } from '../../../contracts/production.js';
import type { Language } from '../common/i18n/translator.js';
import { tableWorkbook, type SheetColumn } from '../master-data/excel-export.js';

export const SCHEDULE_SHEET_TITLE: Localized = { 'zh-CN': '生产进度', en: 'Production schedule' };

const l = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

// The words of the schedule screen (frontend/src/features/schedule/locales.ts).
const TEXT = {
  orderNo: l('生产单号', 'Production order'),
  customer: l('客户', 'Customer'),
  goodsCode: l('款号', 'Style no.'),
  productName: l('品名', 'Product name'),
  totalQuantity: l('总数量', 'Quantity'),
  orderDate: l('下单日期', 'Order date'),
  deliveryDate: l('交货日期', 'Delivery'),
  status: l('状态', 'Status'),
  done: l('完成', 'done'),
  planned: l('计划', 'planned'),
} satisfies Record<string, Localized>;

const STATUS: Record<StepStatus, Localized> = {
  notStarted: l('未开始', 'Not started'),
  partial: l('进行中', 'In progress'),
  done: l('已完成', 'Done'),
  delayed: l('已延期', 'Delayed'),
};

/**
 * The schedule as one worksheet: the order columns, then for every process of the flow its
 * done and planned pieces (empty where the process is not on the order's route, "—" on screen).
 */
export function scheduleWorkbook(data: Pick<ScheduleList, 'columns' | 'rows'>, language: Language): Promise<Buffer> {
  const columns: SheetColumn[] = [
    { key: 'orderNo', header: TEXT.orderNo[language], width: 18 },
    { key: 'customer', header: TEXT.customer[language], width: 16 },
    { key: 'goodsCode', header: TEXT.goodsCode[language] },
    { key: 'productName', header: TEXT.productName[language], width: 20 },
    { key: 'totalQuantity', header: TEXT.totalQuantity[language], width: 10 },
    { key: 'orderDate', header: TEXT.orderDate[language], width: 12 },
    { key: 'deliveryDate', header: TEXT.deliveryDate[language], width: 12 },
    { key: 'delayDays', header: METRIC_NAMES[language].daysLate, width: 10 },
    { key: 'finishRate', header: `${METRIC_NAMES[language].finishRate} (%)`, width: 10 },
    { key: 'status', header: TEXT.status[language], width: 10 },
    ...data.columns.flatMap((process) => [
      { key: `done-${process.id}`, header: `${process.name} ${TEXT.done[language]}`, width: 10 },
      { key: `planned-${process.id}`, header: `${process.name} ${TEXT.planned[language]}`, width: 10 },
    ]),
  ];
  const rows = data.rows.map((row) => ({
    orderNo: row.orderNo,
    customer: row.customerLabel,
    goodsCode: row.goodsCode,
    productName: row.productName,
    totalQuantity: row.totalQuantity,
    orderDate: row.orderDate,
    deliveryDate: row.deliveryDate,
    delayDays: row.delayDays,
    finishRate: row.finishRate,
    status: STATUS[row.status][language],
    ...Object.fromEntries(
      data.columns.flatMap((process) => {
        const step = row.steps[String(process.id)];
        return [
          [`done-${process.id}`, step ? step.done : ''],
          [`planned-${process.id}`, step ? step.planned : ''],
        ];
      }),
    ),
  }));
  return tableWorkbook(SCHEDULE_SHEET_TITLE[language], columns, rows);
}
