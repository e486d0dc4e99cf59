import type { Localized } from '../../../../contracts/master-data.js';

/** What can be wrong with one cell of the import sheet, as shown to the user next to its row. */
export const IMPORT_PROBLEMS = {
  required: { 'zh-CN': '不能为空', en: 'is required' },
  missingColumn: { 'zh-CN': '缺少此列', en: 'column is missing' },
  unknownCustomer: { 'zh-CN': '客户编码不存在', en: 'unknown customer code' },
  unknownGoods: { 'zh-CN': '款号无效', en: 'goods code invalid' },
  unknownColor: { 'zh-CN': '颜色编码不存在', en: 'unknown colour code' },
  colorNotOfStyle: { 'zh-CN': '该颜色不属于此款式', en: "not one of the style's colours" },
  sizeNotOfStyle: { 'zh-CN': '该尺码不属于此款式', en: "not one of the style's sizes" },
  quantity: { 'zh-CN': '必须是 1 到 1000000 之间的整数', en: 'must be a whole number from 1 to 1000000' },
  date: { 'zh-CN': '不是有效日期（YYYY-MM-DD）', en: 'is not a valid date (YYYY-MM-DD)' },
  deliveryBeforeOrder: { 'zh-CN': '交货日期不能早于下单日期', en: 'the delivery date cannot be before the order date' },
  orderNoFormat: { 'zh-CN': '格式无效（只能包含字母、数字和 - _ . /，最长 32 个字符）', en: 'is invalid (letters, digits and - _ . / only, at most 32 characters)' },
  orderNoTaken: { 'zh-CN': '生产单号已存在', en: 'production order no. already exists' },
  tooLong: { 'zh-CN': '长度不能超过 {max} 个字符', en: 'must be at most {max} characters' },
  duplicateCell: { 'zh-CN': '与第 {row} 行的颜色尺码重复', en: 'repeats the colour and size of row {row}' },
  inconsistent: { 'zh-CN': '与同一生产单第 {row} 行不一致', en: 'differs from row {row} of the same production order' },
  noRows: { 'zh-CN': '文件中没有数据行', en: 'the file has no data rows' },
  tooManyRows: { 'zh-CN': '最多导入 {max} 行', en: 'at most {max} rows can be imported' },
  notExcel: { 'zh-CN': '不是有效的 Excel (.xlsx) 文件', en: 'is not a valid Excel (.xlsx) file' },
} satisfies Record<string, Localized>;

export type ImportProblem = keyof typeof IMPORT_PROBLEMS;

/** The template's notes sheet. */
export const TEMPLATE_NOTES: Localized[] = [
  { 'zh-CN': '每行是一个颜色 × 尺码的数量。', en: 'Each row is the quantity of one colour × size.' },
  {
    'zh-CN': '生产单号相同的行（未填生产单号时，客户 + 客户订单号 + 款号相同的行）合成一张生产单；未填生产单号时按编号规则生成。',
    en: 'Rows with the same production order no. (without one: the same customer + customer PO + style) form one production order; without a number one is generated from the numbering pattern.',
  },
  { 'zh-CN': '客户编码、款号、颜色编码必须是系统中已有的；尺码填尺码名称（如 M、XL）。', en: 'Customer, style and colour codes must exist; the size is the size name (e.g. M, XL).' },
  { 'zh-CN': '日期格式 YYYY-MM-DD；数量为正整数。', en: 'Dates as YYYY-MM-DD; quantities are positive whole numbers.' },
  { 'zh-CN': '只要有一行有错，整个文件都不会导入，所有错误会一并列出。', en: 'If any row is wrong nothing is imported, and every error is listed.' },
  { 'zh-CN': '工艺路线为工序流程中的全部工序，交期由交货日期推算。', en: 'The route is every process of the flow, due dates derived from the delivery date.' },
];
