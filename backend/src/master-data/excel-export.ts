import ExcelJS from 'exceljs';
import type { MasterDataDefinition, MasterRecord } from '../../../contracts/master-data.js';
import { referenceLabelKey } from '../../../contracts/master-data.js';
import type { Language } from '../common/i18n/translator.js';

const YES_NO: Record<Language, [string, string]> = { 'zh-CN': ['是', '否'], en: ['Yes', 'No'] };

/** One worksheet with the list's columns, headed in the reader's language. */
export async function masterDataWorkbook(definition: MasterDataDefinition, rows: MasterRecord[], language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Stitchboard';
  const sheet = workbook.addWorksheet(definition.label[language].slice(0, 31));
  const fields = Object.entries(definition.fields).filter(([, field]) => field.kind !== 'image');
  sheet.columns = fields.map(([name, field]) => ({
    header: field.label[language],
    key: name,
    width: field.kind === 'longText' ? 40 : field.kind === 'text' ? 24 : 14,
    style: field.kind === 'money' ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        fields.map(([name, field]) => {
          const value = field.kind === 'reference' ? row[referenceLabelKey(name)] : row[name];
          if (field.kind === 'boolean') return [name, value ? YES_NO[language][0] : YES_NO[language][1]];
          return [name, value ?? ''];
        }),
      ),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
