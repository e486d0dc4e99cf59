import ExcelJS from 'exceljs';
import type { MasterDataDefinition, MasterRecord } from '../../../contracts/master-data.js';
import { referenceLabelKey } from '../../../contracts/master-data.js';
import type { Language } from '../common/i18n/translator.js';

const YES_NO: Record<Language, [string, string]> = { 'zh-CN': ['是', '否'], en: ['Yes', 'No'] };
/** A boolean cell in the reader's language. */
export const yesNo = (value: unknown, language: Language) => (value ? YES_NO[language][0] : YES_NO[language][1]);

/** A column of an exported table. */
export interface SheetColumn {
  key: string;
  header: string;
  width?: number;
  /** Two decimals with thousands separators. */
  money?: boolean;
}

/**
 * One worksheet: a bold, frozen header row, the rows, and an optional bold total row at the end.
 * Every export of the app is one of these (master data, payroll, appraisal).
 */
export async function tableWorkbook(sheetName: string, columns: SheetColumn[], rows: Record<string, unknown>[], total?: Record<string, unknown>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stitchboard';
  // Excel refuses sheet names over 31 characters.
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width ?? 14,
    style: column.money ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow(row);
  if (total) sheet.addRow(total).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One worksheet with the list's columns, headed in the reader's language. */
export async function masterDataWorkbook(definition: MasterDataDefinition, rows: MasterRecord[], language: Language): Promise<Buffer> {
  const fields = Object.entries(definition.fields).filter(([, field]) => field.kind !== 'image');
  const columns = fields.map(([name, field]) => ({
    key: name,
    header: field.label[language],
    width: field.kind === 'longText' ? 40 : field.kind === 'text' ? 24 : 14,
    money: field.kind === 'money',
  }));
  return tableWorkbook(
    definition.label[language],
    columns,
    rows.map((row) =>
      Object.fromEntries(
        fields.map(([name, field]) => {
          const value = field.kind === 'reference' ? row[referenceLabelKey(name)] : row[name];
          if (field.kind === 'boolean') return [name, value ? YES_NO[language][0] : YES_NO[language][1]];
          return [name, value ?? ''];
        }),
      ),
    ),
  );
}
