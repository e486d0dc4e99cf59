import ExcelJS from 'exceljs';
import type { DifferenceGroup, DifferenceNumbers } from '../../../contracts/difference.js';
import type { Localized } from '../../../contracts/master-data.js';
import type { Language } from '../common/i18n/translator.js';
import type { DifferenceExport } from './difference.service.js';

export const DIFFERENCE_SHEET_TITLE: Localized = { 'zh-CN': '差异统计', en: 'Differences' };

const TEXT = {
  byCustomer: { 'zh-CN': '按客户', en: 'By customer' },
  byGoods: { 'zh-CN': '按款式', en: 'By style' },
  notByCell: { 'zh-CN': '未分颜色尺码', en: 'Not by colour/size' },
  orderTotal: { 'zh-CN': '小计', en: 'Order total' },
  grandTotal: { 'zh-CN': '合计', en: 'Total' },
  customer: { 'zh-CN': '客户', en: 'Customer' },
  goods: { 'zh-CN': '款式', en: 'Style' },
  orders: { 'zh-CN': '单数', en: 'Orders' },
} satisfies Record<string, Localized>;

const NUMBER_COLUMNS: { key: keyof DifferenceNumbers; label: Localized }[] = [
  { key: 'ordered', label: { 'zh-CN': '订单数', en: 'Ordered' } },
  { key: 'cut', label: { 'zh-CN': '裁床数', en: 'Cut' } },
  { key: 'finished', label: { 'zh-CN': '完工数', en: 'Finished' } },
  { key: 'inStock', label: { 'zh-CN': '库存数', en: 'In stock' } },
  { key: 'shipped', label: { 'zh-CN': '出货数', en: 'Shipped' } },
  { key: 'cutDiff', label: { 'zh-CN': '裁床差异', en: 'Cut − ordered' } },
  { key: 'finishedDiff', label: { 'zh-CN': '完工差异', en: 'Finished − cut' } },
  { key: 'shippedDiff', label: { 'zh-CN': '出货差异', en: 'Shipped − ordered' } },
];

const ORDER_COLUMNS: { key: string; label: Localized; width: number }[] = [
  { key: 'orderNo', label: { 'zh-CN': '生产单号', en: 'Order no.' }, width: 18 },
  { key: 'saleOrderNo', label: { 'zh-CN': '销售单号', en: 'Sales order' }, width: 16 },
  { key: 'customerName', label: TEXT.customer, width: 16 },
  { key: 'goodsCode', label: { 'zh-CN': '款号', en: 'Style no.' }, width: 14 },
  { key: 'goodsName', label: { 'zh-CN': '款名', en: 'Style name' }, width: 20 },
  { key: 'orderDate', label: { 'zh-CN': '下单日期', en: 'Order date' }, width: 12 },
  { key: 'deliveryDate', label: { 'zh-CN': '交货日期', en: 'Delivery date' }, width: 12 },
  { key: 'colorName', label: { 'zh-CN': '颜色', en: 'Colour' }, width: 14 },
  { key: 'sizeName', label: { 'zh-CN': '尺码', en: 'Size' }, width: 8 },
];

/** A stage that is not measured stays an empty cell (not 0), as on the screen. */
const numberCells = (numbers: DifferenceNumbers) => Object.fromEntries(NUMBER_COLUMNS.map((column) => [column.key, numbers[column.key] ?? null]));

/** Pieces QC scrapped, per order (on its total row): part of a cut → finished shortfall. */
const REJECTED_COLUMN = { key: 'rejected', label: { 'zh-CN': '质检报废', en: 'QC rejected' } satisfies Localized };

function headed(sheet: ExcelJS.Worksheet, columns: { key: string; label: Localized; width: number }[], language: Language, extra: { key: string; label: Localized }[] = []): void {
  sheet.columns = [
    ...columns.map((column) => ({ header: column.label[language], key: column.key, width: column.width })),
    ...[...NUMBER_COLUMNS, ...extra].map((column) => ({ header: column.label[language], key: column.key, width: 11, style: { numFmt: '#,##0' } })),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

function groupSheet(workbook: ExcelJS.Workbook, title: Localized, keyLabel: Localized, groups: DifferenceGroup[], grand: DifferenceNumbers, language: Language): void {
  const sheet = workbook.addWorksheet(title[language]);
  headed(sheet, [{ key: 'label', label: keyLabel, width: 24 }, { key: 'orders', label: TEXT.orders, width: 8 }], language);
  for (const group of groups) sheet.addRow({ label: group.label, orders: group.orders, ...numberCells(group.totals) });
  sheet.addRow({ label: TEXT.grandTotal[language], orders: groups.reduce((sum, group) => sum + group.orders, 0), ...numberCells(grand) }).font = { bold: true };
}

/**
 * The report as a workbook: sheet 1 one row per colour × size of every matching order, each
 * order followed by its total and the whole followed by the grand total (the report's
 * grandTotals); sheets 2 and 3 the totals per customer and per style.
 */
export async function differenceWorkbook(data: DifferenceExport, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stitchboard';
  const sheet = workbook.addWorksheet(DIFFERENCE_SHEET_TITLE[language]);
  headed(sheet, ORDER_COLUMNS, language, [REJECTED_COLUMN]);
  for (const order of data.orders) {
    const header = {
      orderNo: order.orderNo,
      saleOrderNo: order.saleOrderNo ?? '',
      customerName: order.customerName ?? '',
      goodsCode: order.goodsCode ?? '',
      goodsName: order.goodsName ?? '',
      orderDate: order.orderDate,
      deliveryDate: order.deliveryDate,
    };
    for (const cell of order.cells) {
      sheet.addRow({
        ...header,
        colorName: cell.notByCell ? TEXT.notByCell[language] : cell.colorName,
        sizeName: cell.notByCell ? '' : cell.sizeName,
        ...numberCells(cell),
      });
    }
    sheet.addRow({ ...header, colorName: TEXT.orderTotal[language], ...numberCells(order.totals), rejected: order.rejected ?? 0 }).font = { bold: true };
  }
  sheet.addRow({ orderNo: TEXT.grandTotal[language], ...numberCells(data.grandTotals) }).font = { bold: true };
  groupSheet(workbook, TEXT.byCustomer, TEXT.customer, data.byCustomer, data.grandTotals, language);
  groupSheet(workbook, TEXT.byGoods, TEXT.goods, data.byGoods, data.grandTotals, language);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
