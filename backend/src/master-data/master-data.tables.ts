import { MASTER_DATA, type Localized, type MasterDataName } from '../../../contracts/master-data.js';

/** Where each master-data entity lives, and what refers to it (for delete protection). */
export const TABLE_OF: Record<MasterDataName, string> = {
  department: 'department',
  category: 'goods_category',
  tranOrderType: 'tran_order_type',
  payMethod: 'pay_method',
  unitGroup: 'unit_group',
  currency: 'currency',
  salesperson: 'salesperson',
  designer: 'designer',
  merchandiser: 'merchandiser',
  customer: 'customer',
  color: 'color',
  ordertype: 'order_type',
  defectType: 'defect_type',
  goods: 'goods',
  size: 'size_group',
  process: 'process',
  user: 'app_user',
};

/** camelCase field → snake_case column. Field names come from the definitions, never from input. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The column holding a reference field's id: `category` → `category_id`. */
export function referenceColumnOf(field: string): string {
  return `${columnOf(field)}_id`;
}

/** The column that names a record when another record refers to it (default `name`). */
export const LABEL_COLUMN_OF: Partial<Record<MasterDataName, string>> = {
  customer: 'short_name',
  user: 'nickname',
};

/** The column that identifies a record in options (default `code`). */
export const CODE_COLUMN_OF: Partial<Record<MasterDataName, string>> = {
  user: 'username',
};

/** How a table is named to people, e.g. in "used by Goods (3)". Child tables name their owner. */
export const TABLE_LABELS: Record<string, Localized> = {
  ...Object.fromEntries(Object.values(MASTER_DATA).map((definition) => [TABLE_OF[definition.name], definition.label])),
  goods: { 'zh-CN': '商品', en: 'Goods' },
  goods_color: { 'zh-CN': '商品', en: 'Goods' },
  goods_size: { 'zh-CN': '商品', en: 'Goods' },
  size_group: { 'zh-CN': '尺码组', en: 'Size group' },
  size: { 'zh-CN': '尺码', en: 'Size' },
  process: { 'zh-CN': '工序', en: 'Process' },
  app_user: { 'zh-CN': '用户', en: 'User' },
  sale_order: { 'zh-CN': '销售订单', en: 'Sales orders' },
  sale_order_line: { 'zh-CN': '销售订单', en: 'Sales orders' },
  sale_order_cell: { 'zh-CN': '销售订单', en: 'Sales orders' },
  production_order: { 'zh-CN': '生产订单', en: 'Production orders' },
  production_order_cell: { 'zh-CN': '生产订单', en: 'Production orders' },
  production_order_step: { 'zh-CN': '生产订单', en: 'Production orders' },
  bundle_defect: { 'zh-CN': '质检疵点', en: 'QC defects' },
  bundle_inspection: { 'zh-CN': '质检记录', en: 'QC inspections' },
};
