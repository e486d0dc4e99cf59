import ExcelJS from 'exceljs';
import type { SaleOrder } from '../../../contracts/orders.js';
import type { Language } from '../common/i18n/translator.js';
import { SALE_ORDER_LABELS } from './sale-order.dto.js';

const SHEET_TITLE = { 'zh-CN': '销售订单', en: 'Sales orders' };

const COLUMNS: { key: keyof SaleOrder; label: string; width: number; numFmt?: string }[] = [
  { key: 'orderNo', label: 'orderNo', width: 18 },
  { key: 'orderDate', label: 'orderDate', width: 12 },
  { key: 'deliveryDate', label: 'deliveryDate', width: 12 },
  { key: 'customerLabel', label: 'customer', width: 20 },
  { key: 'customerOrderNo', label: 'customerOrderNo', width: 18 },
  { key: 'merchandiserLabel', label: 'merchandiser', width: 14 },
  { key: 'totalQuantity', label: 'totalQuantity', width: 12, numFmt: '#,##0' },
  { key: 'totalAmount', label: 'totalAmount', width: 14, numFmt: '#,##0.00' },
  { key: 'totalCost', label: 'totalCost', width: 14, numFmt: '#,##0.00' },
  { key: 'freight', label: 'freight', width: 12, numFmt: '#,##0.00' },
  { key: 'profit', label: 'profit', width: 14, numFmt: '#,##0.00' },
  { key: 'profitRate', label: 'profitRate', width: 10, numFmt: '0.00%' },
  { key: 'productionOrderCount', label: 'productionOrderCount', width: 10 },
  { key: 'note', label: 'note', width: 40 },
];

/** The sales-order list as one worksheet, headed in the reader's language. */
export async function saleOrderWorkbook(rows: SaleOrder[], language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stitchboard';
  const sheet = workbook.addWorksheet(SHEET_TITLE[language]);
  sheet.columns = COLUMNS.map((column) => ({
    header: SALE_ORDER_LABELS[column.label][language],
    key: column.key,
    width: column.width,
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow(Object.fromEntries(COLUMNS.map((column) => [column.key, row[column.key] ?? ''])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const SALE_ORDER_SHEET_TITLE = SHEET_TITLE;
