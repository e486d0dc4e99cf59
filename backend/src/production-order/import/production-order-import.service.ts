import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import { IMPORT_COLUMNS, MAX_CELL_QUANTITY, type ImportRowError } from '../../../../contracts/orders.js';
import { DomainException } from '../../common/errors/domain.exception.js';
import type { Language } from '../../common/i18n/translator.js';
import { UnitOfWork } from '../../events/unit-of-work.service.js';
import { ProductionOrderService } from '../production-order.service.js';
import type { NewProductionOrder } from '../production-order.repository.js';
import { defaultRoute, isDate, loadStyleGrids } from '../production-order.rules.js';
import { IMPORT_PROBLEMS, TEMPLATE_NOTES, type ImportProblem } from './import-messages.js';
import { checkZip, type ZipProblem } from './zip-guard.js';

/** The multipart field that carries the workbook. */
export const IMPORT_FILE_FIELD = 'file';
export const MAX_IMPORT_ROWS = 20_000;
/** Largest .xlsx accepted by the import endpoint's multipart parser. */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;
const ORDER_NO = /^[A-Za-z0-9._/-]{1,32}$/;

type ColumnKey = (typeof IMPORT_COLUMNS)[number]['key'];

/** One data row as read from the sheet (values trimmed to text, dates to YYYY-MM-DD). */
interface SheetRow {
  row: number;
  values: Partial<Record<ColumnKey, string>>;
}

interface ParsedRow {
  row: number;
  orderNo: string;
  customerId: number;
  customerOrderNo: string;
  goodsId: number;
  colorId: number;
  sizeId: number;
  quantity: number;
  orderDate: string;
  deliveryDate: string;
  note: string;
}

/** An Excel cell's value as text: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text).trim();
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

/** A date as people type it: 2025-03-01, 2025/3/1, or an Excel serial day number. */
function normalizeDate(text: string): string | null {
  if (/^\d{5}(\.\d+)?$/.test(text)) {
    const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000);
    return date.toISOString().slice(0, 10);
  }
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (!match) return null;
  const date = `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`;
  return isDate(date) ? date : null;
}

/**
 * Production orders from a spreadsheet: every row is checked and every problem reported; if any
 * row is wrong nothing is imported, otherwise all orders are created in one transaction.
 */
@Injectable()
export class ProductionOrderImportService {
  /** One import at a time per instance: each holds a workbook in memory and a long transaction. */
  private running = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unitOfWork: UnitOfWork,
    private readonly orders: ProductionOrderService,
  ) {}

  async template(language: Language): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = 'Stitchboard';
    const sheet = workbook.addWorksheet(language === 'en' ? 'Production orders' : '生产单');
    sheet.columns = IMPORT_COLUMNS.map((column) => ({
      header: column.title[language],
      key: column.key,
      width: column.key === 'note' ? 30 : 16,
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    IMPORT_COLUMNS.forEach((column, index) => {
      if (column.required) sheet.getRow(1).getCell(index + 1).font = { bold: true, color: { argb: 'FFC00000' } };
    });
    sheet.addRow({
      orderNo: 'PO-EXAMPLE-001',
      customerCode: 'C001',
      customerOrderNo: 'PO-2025-001',
      goodsCode: 'ST-001',
      colorCode: 'RED',
      size: 'M',
      quantity: 120,
      orderDate: '2025-03-01',
      deliveryDate: '2025-04-15',
      note: language === 'en' ? 'example row: replace or delete' : '示例行：请替换或删除',
    });
    const notes = workbook.addWorksheet(language === 'en' ? 'Notes' : '说明');
    notes.getColumn(1).width = 110;
    for (const note of TEMPLATE_NOTES) notes.addRow([note[language]]);
    notes.addRow([]);
    for (const column of IMPORT_COLUMNS) {
      notes.addRow([`${column.title[language]}${column.required ? (language === 'en' ? ' (required)' : '（必填）') : ''}`]);
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  async importFile(file: Express.Multer.File | undefined, language: Language): Promise<{ created: number; orders: { id: number; orderNo: string }[] }> {
    if (!file) throw new DomainException('validation', {}, { field: IMPORT_FILE_FIELD, problem: 'required', label: { 'zh-CN': '文件', en: 'File' } });
    if (this.running) throw new DomainException('importBusy', { seconds: 5 });
    this.running = true;
    try {
      return await this.importBuffer(file.buffer, language);
    } finally {
      this.running = false;
    }
  }

  private async importBuffer(buffer: Buffer, language: Language): Promise<{ created: number; orders: { id: number; orderNo: string }[] }> {
    const errors: ImportRowError[] = [];
    const message = (problem: ImportProblem, params: Record<string, string | number> = {}) =>
      IMPORT_PROBLEMS[problem][language].replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
    const fail = (row: number, column: string, problem: ImportProblem, params: Record<string, string | number> = {}) =>
      errors.push({ row, column, message: message(problem, params) });
    const titleOf = (key: ColumnKey) => IMPORT_COLUMNS.find((column) => column.key === key)!.title[language];

    // A zip bomb is refused from the zip's directory, before anything is inflated.
    const zipProblem = checkZip(buffer);
    if (zipProblem?.kind === 'notZip') fail(1, '', 'notExcel');
    else if (zipProblem) throw zipRefusal(zipProblem);
    if (errors.length) throw this.invalid(errors);

    const rows = await this.readSheet(buffer, fail, titleOf);
    if (errors.length === 0 && rows.length === 0) fail(1, '', 'noRows');
    if (rows.length > MAX_IMPORT_ROWS) {
      fail(rows[MAX_IMPORT_ROWS].row, '', 'tooManyRows', { max: MAX_IMPORT_ROWS });
      rows.length = MAX_IMPORT_ROWS;
    }
    if (errors.length) throw this.invalid(errors);

    const parsed = await this.checkRows(this.dataSource.manager, rows, fail, titleOf);
    if (errors.length) throw this.invalid(errors);

    return this.unitOfWork.run(async (tx) => {
      const flow: { id: number; name: string }[] = await tx.manager.query(`SELECT id, name FROM process ORDER BY sort_order, id`);
      const groups = groupRows(parsed);
      const orders: NewProductionOrder[] = [...groups.values()].map((group) => {
        const first = group[0];
        const cells = group.map((row) => ({ colorId: row.colorId, sizeId: row.sizeId, quantity: row.quantity }));
        return {
          header: {
            orderNo: first.orderNo,
            customer: first.customerId,
            goodsId: first.goodsId,
            productName: '',
            customerOrderNo: first.customerOrderNo,
            orderDate: first.orderDate,
            deliveryDate: first.deliveryDate,
            totalQuantity: cells.reduce((sum, cell) => sum + cell.quantity, 0),
            note: group.map((row) => row.note).find((note) => note) ?? '',
          },
          cells,
          route: defaultRoute(flow, first.orderDate, first.deliveryDate),
        };
      });
      // Product names default to the style's name.
      const names = await tx.manager.query(`SELECT id, name FROM goods WHERE id = ANY ($1::int[])`, [[...new Set(orders.map((o) => o.header.goodsId))]]);
      const nameOf = new Map((names as { id: number; name: string }[]).map((row) => [row.id, row.name]));
      for (const order of orders) order.header.productName = nameOf.get(order.header.goodsId as number) ?? '';
      const created = await this.orders.insertPrepared(tx, orders);
      return { created: created.length, orders: created };
    });
  }

  private invalid(errors: ImportRowError[]): DomainException {
    errors.sort((a, b) => a.row - b.row);
    return new DomainException('importInvalid', { count: errors.length }, { errors });
  }

  /**
   * The first worksheet's data rows, columns found by their header (either language, or the
   * key). Read as a stream, row by row; stops one row past the cap (the caller reports it).
   */
  private async readSheet(
    buffer: Buffer,
    fail: (row: number, column: string, problem: ImportProblem, params?: Record<string, string | number>) => void,
    titleOf: (key: ColumnKey) => string,
  ): Promise<SheetRow[]> {
    const input = Readable.from([buffer]);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
    const rows: SheetRow[] = [];
    const columnOf = new Map<ColumnKey, number>();
    let sawSheet = false;
    let sawHeader = false;
    try {
      for await (const sheet of reader) {
        sawSheet = true;
        for await (const row of sheet) {
          if (!sawHeader) {
            // The header is the sheet's first row, wherever it is.
            sawHeader = true;
            if (row.number !== 1) break;
            row.eachCell((cell, columnNumber) => {
              const header = cellText(cell.value).toLowerCase();
              const column = IMPORT_COLUMNS.find((c) => [c.key.toLowerCase(), c.title['zh-CN'].toLowerCase(), c.title.en.toLowerCase()].includes(header));
              if (column && !columnOf.has(column.key)) columnOf.set(column.key, columnNumber);
            });
            if (columnOf.size === 0) break;
            continue;
          }
          const values: SheetRow['values'] = {};
          let empty = true;
          for (const [key, columnNumber] of columnOf) {
            const text = cellText(row.getCell(columnNumber).value);
            if (text) empty = false;
            values[key] = text;
          }
          if (!empty) rows.push({ row: row.number, values });
          if (rows.length > MAX_IMPORT_ROWS) break;
        }
        break; // the first worksheet only
      }
    } catch {
      fail(1, '', 'notExcel');
      return [];
    } finally {
      input.destroy();
    }
    if (!sawSheet) {
      fail(1, '', 'noRows');
      return [];
    }
    for (const column of IMPORT_COLUMNS) if (column.required && !columnOf.has(column.key)) fail(1, titleOf(column.key), 'missingColumn');
    if (columnOf.size === 0) return [];
    return rows;
  }

  /** Checks every row against the database and the other rows; returns the rows parsed. */
  private async checkRows(
    manager: EntityManager,
    rows: SheetRow[],
    fail: (row: number, column: string, problem: ImportProblem, params?: Record<string, string | number>) => void,
    titleOf: (key: ColumnKey) => string,
  ): Promise<ParsedRow[]> {
    const lowerSet = (key: ColumnKey) => [...new Set(rows.map((row) => (row.values[key] ?? '').toLowerCase()).filter(Boolean))];
    const idMap = async (sql: string, values: string[]) =>
      new Map(((await manager.query(sql, [values])) as { code: string; id: number }[]).map((row) => [row.code, row.id]));
    const customers = await idMap(`SELECT lower(code) AS code, id FROM customer WHERE lower(code) = ANY ($1::text[])`, lowerSet('customerCode'));
    const goods = await idMap(`SELECT lower(code) AS code, id FROM goods WHERE lower(code) = ANY ($1::text[])`, lowerSet('goodsCode'));
    const colors = await idMap(`SELECT lower(code) AS code, id FROM color WHERE lower(code) = ANY ($1::text[])`, lowerSet('colorCode'));
    const grids = await loadStyleGrids(manager, [...goods.values()]);
    // Size names of the styles' size groups → ids, per style.
    const sizeRows: { goodsId: number; name: string; id: number }[] = await manager.query(
      `SELECT g.id AS "goodsId", lower(s.name) AS name, s.id FROM goods g JOIN size s ON s.size_group_id = g.size_group_id WHERE g.id = ANY ($1::int[])`,
      [[...goods.values()]],
    );
    const sizeOf = new Map(sizeRows.map((row) => [`${row.goodsId}:${row.name}`, row.id]));
    const orderNos = [...new Set(rows.map((row) => row.values.orderNo ?? '').filter((no) => ORDER_NO.test(no)))];
    const taken = orderNos.length ? await this.orders.orders.takenOrderNos(manager, orderNos) : new Set<string>();

    const parsed: ParsedRow[] = [];
    for (const { row, values } of rows) {
      let ok = true;
      const bad = (key: ColumnKey, problem: ImportProblem, params: Record<string, string | number> = {}) => {
        fail(row, titleOf(key), problem, params);
        ok = false;
      };
      for (const column of IMPORT_COLUMNS) if (column.required && !values[column.key]) bad(column.key, 'required');
      const orderNo = values.orderNo ?? '';
      if (orderNo && !ORDER_NO.test(orderNo)) bad('orderNo', 'orderNoFormat');
      else if (orderNo && taken.has(orderNo.toLowerCase())) bad('orderNo', 'orderNoTaken');
      const customerId = values.customerCode ? customers.get(values.customerCode.toLowerCase()) : undefined;
      if (values.customerCode && !customerId) bad('customerCode', 'unknownCustomer');
      const goodsId = values.goodsCode ? goods.get(values.goodsCode.toLowerCase()) : undefined;
      if (values.goodsCode && !goodsId) bad('goodsCode', 'unknownGoods');
      const grid = goodsId ? grids.get(goodsId) : undefined;
      const colorId = values.colorCode ? colors.get(values.colorCode.toLowerCase()) : undefined;
      if (values.colorCode && !colorId) bad('colorCode', 'unknownColor');
      else if (colorId && grid && !grid.colorIds.has(colorId)) bad('colorCode', 'colorNotOfStyle');
      const sizeId = grid && values.size ? sizeOf.get(`${grid.id}:${values.size.toLowerCase()}`) : undefined;
      if (grid && values.size && (!sizeId || !grid.sizeIds.has(sizeId))) bad('size', 'sizeNotOfStyle');
      const quantityText = values.quantity ?? '';
      const quantity = /^\d{1,7}(\.0+)?$/.test(quantityText) ? Math.trunc(Number(quantityText)) : NaN;
      if (quantityText && !(quantity >= 1 && quantity <= MAX_CELL_QUANTITY)) bad('quantity', 'quantity');
      const orderDate = values.orderDate ? normalizeDate(values.orderDate) : null;
      if (values.orderDate && !orderDate) bad('orderDate', 'date');
      const deliveryDate = values.deliveryDate ? normalizeDate(values.deliveryDate) : null;
      if (values.deliveryDate && !deliveryDate) bad('deliveryDate', 'date');
      if (orderDate && deliveryDate && deliveryDate < orderDate) bad('deliveryDate', 'deliveryBeforeOrder');
      if ((values.customerOrderNo ?? '').length > 64) bad('customerOrderNo', 'tooLong', { max: 64 });
      if ((values.note ?? '').length > 500) bad('note', 'tooLong', { max: 500 });
      if (!ok) continue;
      parsed.push({
        row,
        orderNo,
        customerId: customerId!,
        customerOrderNo: values.customerOrderNo ?? '',
        goodsId: goodsId!,
        colorId: colorId!,
        sizeId: sizeId!,
        quantity,
        orderDate: orderDate!,
        deliveryDate: deliveryDate!,
        note: values.note ?? '',
      });
    }

    // Rows of one production order must agree on its header and not repeat a cell.
    for (const group of groupRows(parsed).values()) {
      const first = group[0];
      const seen = new Map<string, number>();
      for (const row of group) {
        for (const [key, column] of [
          ['customerId', 'customerCode'],
          ['goodsId', 'goodsCode'],
          ['orderDate', 'orderDate'],
          ['deliveryDate', 'deliveryDate'],
          ['customerOrderNo', 'customerOrderNo'],
        ] as const) {
          if (row !== first && row[key] !== first[key]) fail(row.row, titleOf(column), 'inconsistent', { row: first.row });
        }
        const cell = `${row.colorId}:${row.sizeId}`;
        const earlier = seen.get(cell);
        if (earlier !== undefined) fail(row.row, titleOf('size'), 'duplicateCell', { row: earlier });
        else seen.set(cell, row.row);
      }
    }
    return parsed;
  }
}

/** Rows with the same order number, or without one the same customer + customer PO + style, form one order. */
function groupRows(rows: ParsedRow[]): Map<string, ParsedRow[]> {
  const groups = new Map<string, ParsedRow[]>();
  for (const row of rows) {
    const key = row.orderNo ? `no:${row.orderNo.toLowerCase()}` : `key:${row.customerId}|${row.customerOrderNo.toLowerCase()}|${row.goodsId}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The translated refusal of an archive that would inflate too far. */
function zipRefusal(problem: Exclude<ZipProblem, { kind: 'notZip' }>): DomainException {
  const mib = (bytes: number) => (Number.isFinite(bytes) ? `${Math.ceil(bytes / 1024 / 1024)} MiB` : '> 4 GiB');
  const reason =
    problem.kind === 'tooManyEntries'
      ? { 'zh-CN': `压缩包内有 ${problem.entries} 个条目，最多 ${problem.max} 个`, en: `${problem.entries} entries in the archive, at most ${problem.max}` }
      : problem.kind === 'tooLarge'
        ? { 'zh-CN': `解压后 ${mib(problem.bytes)}，最多 ${mib(problem.max)}`, en: `${mib(problem.bytes)} uncompressed, at most ${mib(problem.max)}` }
        : problem.kind === 'ratio'
          ? { 'zh-CN': `条目 ${problem.entry} 的压缩比为 ${problem.ratio}:1，最多 ${problem.max}:1`, en: `entry ${problem.entry} compresses ${problem.ratio}:1, at most ${problem.max}:1` }
          : { 'zh-CN': `条目 ${problem.entry} 解压后的大小与声明不符`, en: `entry ${problem.entry} does not inflate to its declared size` };
  return new DomainException('importTooLarge', { reason }, { zip: problem.kind });
}
