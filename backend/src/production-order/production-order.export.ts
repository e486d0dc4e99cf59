import type { Localized } from '../../../contracts/master-data.js';
import type { ProductionOrder, ProductionOrderView } from '../../../contracts/orders.js';
import type { Language } from '../common/i18n/translator.js';
import { tableWorkbook, yesNo } from '../master-data/excel-export.js';
import { localDay } from '../progress/progress-math.js';

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the document screen shows it, YYYY-MM-DD HH:mm on the factory's (server's) clock. */
function minuteOf(value: string | Date | null): string {
  if (!value) return '';
  const date = new Date(value);
  return `${localDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface Column {
  key: string;
  label: Localized;
  width: number;
  value: (order: ProductionOrder, language: Language) => string | number;
}

const l = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

// The four screens that list production orders (production orders, documents, review, hiding)
// share their first columns and add their own state columns; the export follows the screen it
// was started from, so the file shows what that screen shows.
const COMMON: Column[] = [
  { key: 'orderNo', label: l('生产单号', 'Production order no.'), width: 18, value: (o) => o.orderNo },
  { key: 'goodsCode', label: l('款号', 'Style no.'), width: 14, value: (o) => o.goodsCode },
  { key: 'productName', label: l('品名', 'Product name'), width: 20, value: (o) => o.productName },
  { key: 'customer', label: l('客户', 'Customer'), width: 16, value: (o) => o.customerLabel },
  { key: 'customerOrderNo', label: l('客户订单号', 'Customer PO'), width: 16, value: (o) => o.customerOrderNo },
  { key: 'saleOrder', label: l('销售订单', 'Sales order'), width: 16, value: (o) => o.saleOrderNo ?? '' },
  { key: 'orderDate', label: l('下单日期', 'Order date'), width: 12, value: (o) => o.orderDate },
  { key: 'deliveryDate', label: l('交货日期', 'Delivery date'), width: 12, value: (o) => o.deliveryDate },
  { key: 'totalQuantity', label: l('数量', 'Quantity'), width: 10, value: (o) => o.totalQuantity },
];

const REVIEWED: Column = { key: 'reviewed', label: l('已审核', 'Reviewed'), width: 10, value: (o, language) => yesNo(o.reviewed, language) };
const DOCUMENT: Column = { key: 'document', label: l('单据已上传', 'Document uploaded'), width: 12, value: (o, language) => yesNo(o.document, language) };

const EXTRA: Record<ProductionOrderView, Column[]> = {
  list: [REVIEWED, DOCUMENT],
  document: [DOCUMENT, { key: 'documentUploadedAt', label: l('上传时间', 'Uploaded at'), width: 20, value: (o) => minuteOf(o.documentUploadedAt) }],
  review: [
    REVIEWED,
    DOCUMENT,
    { key: 'reviewedAt', label: l('审核日期', 'Review date'), width: 12, value: (o) => o.reviewedAt ?? '' },
    { key: 'reviewNote', label: l('审核备注', 'Review note'), width: 30, value: (o) => o.reviewNote },
  ],
  hide: [{ key: 'hidden', label: l('隐藏', 'Hidden'), width: 8, value: (o, language) => yesNo(o.hidden, language) }, REVIEWED],
};

export const PRODUCTION_ORDER_SHEET_TITLE: Record<ProductionOrderView, Localized> = {
  list: l('生产单', 'Production orders'),
  document: l('生产单据', 'Production documents'),
  review: l('生产单审核', 'Order review'),
  hide: l('隐藏生产单', 'Hidden orders'),
};

/** The screen's list as one worksheet, headed in the reader's language. */
export function productionOrderWorkbook(view: ProductionOrderView, rows: ProductionOrder[], language: Language): Promise<Buffer> {
  const columns = [...COMMON, ...EXTRA[view]];
  return tableWorkbook(
    PRODUCTION_ORDER_SHEET_TITLE[view][language],
    columns.map((column) => ({ key: column.key, header: column.label[language], width: column.width })),
    rows.map((order) => Object.fromEntries(columns.map((column) => [column.key, column.value(order, language)]))),
  );
}
