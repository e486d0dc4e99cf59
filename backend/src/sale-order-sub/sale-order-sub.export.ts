import ExcelJS from 'exceljs';
import type { OrderLineRow } from '../../../contracts/orders.js';
import type { Language } from '../common/i18n/translator.js';
import type { OrderLineTotals } from './sale-order-sub.repository.js';

export const ORDER_LINES_SHEET_TITLE = { 'zh-CN': '订单明细', en: 'Order details' };

const STATE_LABELS: Record<string, Record<Language, string>> = {
  notInProduction: { 'zh-CN': '未生产', en: 'Not in production' },
  inProduction: { 'zh-CN': '生产中', en: 'In production' },
  completed: { 'zh-CN': '已完成', en: 'Completed' },
};

const COLUMNS: { key: keyof OrderLineRow; label: Record<Language, string>; width: number; numFmt?: string }[] = [
  { key: 'orderNo', label: { 'zh-CN': '订单号', en: 'Order no.' }, width: 18 },
  { key: 'orderDate', label: { 'zh-CN': '下单日期', en: 'Order date' }, width: 12 },
  { key: 'deliveryDate', label: { 'zh-CN': '交货日期', en: 'Delivery date' }, width: 12 },
  { key: 'customerLabel', label: { 'zh-CN': '客户', en: 'Customer' }, width: 20 },
  { key: 'customerOrderNo', label: { 'zh-CN': '客户订单号', en: 'Customer PO' }, width: 18 },
  { key: 'goodsCode', label: { 'zh-CN': '款号', en: 'Style no.' }, width: 14 },
  { key: 'productName', label: { 'zh-CN': '品名', en: 'Product name' }, width: 24 },
  { key: 'colorName', label: { 'zh-CN': '颜色', en: 'Colour' }, width: 10 },
  { key: 'sizeName', label: { 'zh-CN': '尺码', en: 'Size' }, width: 8 },
  { key: 'quantity', label: { 'zh-CN': '数量', en: 'Quantity' }, width: 10, numFmt: '#,##0' },
  { key: 'sellingPrice', label: { 'zh-CN': '单价', en: 'Price' }, width: 10, numFmt: '#,##0.00' },
  { key: 'amount', label: { 'zh-CN': '金额', en: 'Amount' }, width: 14, numFmt: '#,##0.00' },
  { key: 'state', label: { 'zh-CN': '状态', en: 'State' }, width: 14 },
];

/** Order details as one worksheet with a totals row (the totals cover the whole filter). */
export async function orderLinesWorkbook(rows: OrderLineRow[], totals: OrderLineTotals, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stitchboard';
  const sheet = workbook.addWorksheet(ORDER_LINES_SHEET_TITLE[language]);
  sheet.columns = COLUMNS.map((column) => ({ header: column.label[language], key: column.key, width: column.width, style: column.numFmt ? { numFmt: column.numFmt } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    sheet.addRow({ ...Object.fromEntries(COLUMNS.map((column) => [column.key, row[column.key] ?? ''])), state: STATE_LABELS[row.state]?.[language] ?? row.state });
  }
  const total = sheet.addRow({ orderNo: language === 'en' ? 'Total' : '合计', quantity: totals.quantity, amount: totals.amount });
  total.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
