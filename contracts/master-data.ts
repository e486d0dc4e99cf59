// Master data (base data) described once, read by both sides: the backend builds its validation,
// queries, export and OpenAPI entries from these definitions, the frontend its list columns,
// filters and forms. Entities with real behaviour (process flow, goods, size groups, users,
// company) add their own parts on top; the plain ones are nothing but their definition.

export type Localized = { 'zh-CN': string; en: string };

export type FieldKind =
  /** A short identifier: trimmed, unique case-insensitively when `unique`. */
  | 'code'
  | 'text'
  | 'longText'
  | 'email'
  | 'phone'
  | 'integer'
  /** Two decimals, never negative. */
  | 'money'
  | 'boolean'
  /** The id of a record of another master-data entity (`reference`). */
  | 'reference'
  /** The id of an uploaded image (see UploadedImage). */
  | 'image';

export interface FieldDefinition {
  kind: FieldKind;
  label: Localized;
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Unique among the entity's records, compared trimmed and case-insensitively. */
  unique?: boolean;
  /** For kind 'reference': which entity. */
  reference?: MasterDataName;
  /** A list column (default: every field but longText). */
  column?: boolean;
  /** Searched by the list's keyword box. */
  search?: boolean;
  /** Has a per-column filter in the list. */
  filter?: boolean;
  /** Default value in a new record's form. */
  defaultValue?: string | number | boolean;
}

export interface MasterDataDefinition {
  /** URL segment: /api/admin/<name>/list, /base/<name>/index. */
  name: MasterDataName;
  /** Route name stem: <routeName>Index / Create / Update; also the permission name. */
  routeName: string;
  label: Localized;
  /** Field order is form and column order. */
  fields: Record<string, FieldDefinition>;
  defaultSort: { field: string; order: SortOrder };
  /** Index only (document types are seeded, not edited). */
  readOnly?: boolean;
}

export type SortOrder = 'asc' | 'desc';

const code = (unique = true): FieldDefinition => ({
  kind: 'code',
  label: { 'zh-CN': '编码', en: 'Code' },
  required: true,
  maxLength: 32,
  unique,
  search: true,
  filter: true,
});
const name = (label: Localized = { 'zh-CN': '名称', en: 'Name' }, maxLength = 64): FieldDefinition => ({
  kind: 'text',
  label,
  required: true,
  maxLength,
  search: true,
  filter: true,
});
const note: FieldDefinition = { kind: 'longText', label: { 'zh-CN': '备注', en: 'Note' }, maxLength: 500, column: false };
const sortOrder: FieldDefinition = { kind: 'integer', label: { 'zh-CN': '排序', en: 'Sort order' }, min: 0, max: 9999, defaultValue: 0 };
const phone = (label: Localized = { 'zh-CN': '电话', en: 'Phone' }): FieldDefinition => ({ kind: 'phone', label, maxLength: 32, search: true });

/** A code + name entity (salespeople, currencies, categories, …). */
function codeAndName(nameOf: MasterDataName, routeName: string, label: Localized, extra: Record<string, FieldDefinition> = {}): MasterDataDefinition {
  return { name: nameOf, routeName, label, fields: { code: code(), name: name(), ...extra, note }, defaultSort: { field: 'code', order: 'asc' } };
}

export const MASTER_DATA_NAMES = [
  'department',
  'category',
  'tranOrderType',
  'payMethod',
  'unitGroup',
  'currency',
  'salesperson',
  'designer',
  'merchandiser',
  'customer',
  'color',
  'ordertype',
  'defectType',
] as const;
export type MasterDataName = (typeof MASTER_DATA_NAMES)[number] | 'goods' | 'size' | 'process' | 'user';

export const MASTER_DATA: Record<(typeof MASTER_DATA_NAMES)[number], MasterDataDefinition> = {
  department: codeAndName('department', 'Department', { 'zh-CN': '部门', en: 'Department' }, { sortOrder }),
  category: codeAndName('category', 'Category', { 'zh-CN': '商品类别', en: 'Goods category' }, { sortOrder }),
  tranOrderType: codeAndName('tranOrderType', 'TranOrderType', { 'zh-CN': '结单类型', en: 'Closed-order type' }),
  payMethod: codeAndName('payMethod', 'PayMethod', { 'zh-CN': '付款方式', en: 'Payment method' }),
  unitGroup: codeAndName('unitGroup', 'UnitGroup', { 'zh-CN': '单位组', en: 'Unit group' }),
  currency: codeAndName('currency', 'Currency', { 'zh-CN': '币种', en: 'Currency' }, {
    symbol: { kind: 'text', label: { 'zh-CN': '符号', en: 'Symbol' }, maxLength: 8 },
  }),
  salesperson: codeAndName('salesperson', 'Salesperson', { 'zh-CN': '业务员', en: 'Salesperson' }, { phone: phone() }),
  designer: codeAndName('designer', 'Designer', { 'zh-CN': '设计师', en: 'Designer' }, { phone: phone() }),
  merchandiser: codeAndName('merchandiser', 'Merchandiser', { 'zh-CN': '跟单员', en: 'Follow-up clerk' }, { phone: phone() }),
  customer: {
    name: 'customer',
    routeName: 'Customer',
    label: { 'zh-CN': '客户', en: 'Customer' },
    fields: {
      code: code(),
      shortName: name({ 'zh-CN': '简称', en: 'Short name' }),
      fullName: { kind: 'text', label: { 'zh-CN': '全称', en: 'Full name' }, maxLength: 128, search: true },
      phone: phone(),
      fax: phone({ 'zh-CN': '传真', en: 'Fax' }),
      email: { kind: 'email', label: { 'zh-CN': '邮箱', en: 'Email' }, maxLength: 128, search: true },
      address: { kind: 'text', label: { 'zh-CN': '地址', en: 'Address' }, maxLength: 255 },
      note,
    },
    defaultSort: { field: 'code', order: 'asc' },
  },
  color: {
    name: 'color',
    routeName: 'Color',
    label: { 'zh-CN': '颜色', en: 'Colour' },
    fields: {
      code: code(),
      name: name(),
      hex: { kind: 'text', label: { 'zh-CN': '色值', en: 'Swatch' }, maxLength: 7 },
      cardImage: { kind: 'image', label: { 'zh-CN': '色卡', en: 'Colour card' } },
      note,
    },
    defaultSort: { field: 'code', order: 'asc' },
  },
  ordertype: {
    name: 'ordertype',
    routeName: 'OrderType',
    label: { 'zh-CN': '单据类型', en: 'Document type' },
    fields: { code: code(), name: name(), note },
    defaultSort: { field: 'code', order: 'asc' },
    readOnly: true,
  },
  // QC's defect list (跳线, 污渍 …): what an inspector picks per defective piece.
  defectType: codeAndName('defectType', 'DefectType', { 'zh-CN': '疵点类型', en: 'Defect type' }),
};

const flag = (label: Localized): FieldDefinition => ({ kind: 'boolean', label, filter: true, defaultValue: false });

/**
 * Entities with behaviour beyond their fields. Their fields follow the same definition format
 * (and the same generic list, filters, export and form fields); each adds child data, listed in
 * the comments, that its own module and screen handle.
 */
export const SPECIAL_MASTER_DATA = {
  /**
   * Process flow. Setting endProcess or warehouseIn clears that flag on every other process in
   * the same transaction. Child data: `steps` (sub-processes) — ProcessStep[] in detail; sent on
   * create/update as a JSON string `[{"name":"…","pieceRate":0.5}]`, order = sequence.
   */
  process: {
    name: 'process',
    routeName: 'Process',
    label: { 'zh-CN': '工序', en: 'Process' },
    fields: {
      code: { ...code(), label: { 'zh-CN': '工序编号', en: 'Process no.' } },
      name: name({ 'zh-CN': '工序名称', en: 'Process name' }),
      // Column heads of the TV boards are narrow: a few characters there, the full name elsewhere.
      shortName: { kind: 'text', label: { 'zh-CN': '看板简称', en: 'Board short name' }, maxLength: 16, column: false },
      sortOrder: { ...sortOrder, required: true },
      endProcess: flag({ 'zh-CN': '结束工序', en: 'End process' }),
      warehouseIn: flag({ 'zh-CN': '入库工序', en: 'Warehouse-in' }),
      warehouseOut: flag({ 'zh-CN': '出库工序', en: 'Warehouse-out' }),
      workshop: flag({ 'zh-CN': '车间工序', en: 'Workshop' }),
      cutting: flag({ 'zh-CN': '裁床工序', en: 'Cutting' }),
      qc: flag({ 'zh-CN': '质检工序', en: 'QC' }),
      pieceRate: { kind: 'money', label: { 'zh-CN': '计件单价', en: 'Piece rate' }, min: 0, max: 9999 },
      // What one reworked piece pays (QC sent it back here); empty: the piece rate.
      reworkRate: { kind: 'money', label: { 'zh-CN': '返工单价', en: 'Rework rate' }, min: 0, max: 9999, column: false },
      note,
    },
    defaultSort: { field: 'sortOrder', order: 'asc' },
  },
  /**
   * Goods / styles. Child data: `colorIds` (the colours it comes in, in order) and `sizeIds`
   * (which sizes of its size group it comes in; empty = all), sent as comma-separated ids
   * "3,1,7". Detail adds `colors: GoodsColor[]` and `sizes: SizeEntry[]`.
   */
  goods: {
    name: 'goods',
    routeName: 'Goods',
    label: { 'zh-CN': '商品', en: 'Goods' },
    fields: {
      code: { ...code(), label: { 'zh-CN': '款号', en: 'Style no.' } },
      name: name({ 'zh-CN': '品名', en: 'Product name' }, 128),
      category: { kind: 'reference', reference: 'category', label: { 'zh-CN': '类别', en: 'Category' }, required: true, filter: true },
      unitGroup: { kind: 'reference', reference: 'unitGroup', label: { 'zh-CN': '单位', en: 'Unit' }, filter: true },
      sizeGroup: { kind: 'reference', reference: 'size', label: { 'zh-CN': '尺码组', en: 'Size group' }, required: true, filter: true },
      costPrice: { kind: 'money', label: { 'zh-CN': '成本价', en: 'Cost price' }, filter: true },
      salesPrice: { kind: 'money', label: { 'zh-CN': '销售价', en: 'Sales price' }, filter: true },
      image: { kind: 'image', label: { 'zh-CN': '图片', en: 'Image' }, filter: true },
      note,
    },
    defaultSort: { field: 'code', order: 'asc' },
  },
  /**
   * Size groups. Child data: `sizes`, the ordered sizes, sent as a JSON string
   * `[{"id":4,"name":"S"},{"name":"XXL"}]` (id keeps an existing size, which goods may use).
   * Detail adds `sizes: SizeEntry[]`.
   */
  size: {
    name: 'size',
    routeName: 'Size',
    label: { 'zh-CN': '尺码组', en: 'Size group' },
    fields: { code: code(), name: name({ 'zh-CN': '描述', en: 'Description' }), note },
    defaultSort: { field: 'code', order: 'asc' },
  },
} satisfies Record<string, MasterDataDefinition & { name: MasterDataName }>;

export interface ProcessStep {
  id?: number;
  name: string;
  sequence: number;
  pieceRate: number | null;
}

export interface GoodsColor {
  id: number;
  code: string;
  name: string;
  hex: string;
}

export interface SizeEntry {
  id: number;
  name: string;
  sortOrder: number;
}

/** The company: one record, GET /api/admin/company/detail, POST /api/admin/company/update. */
export const COMPANY_DEFINITION: MasterDataDefinition = {
  name: 'company' as MasterDataName,
  routeName: 'Company',
  label: { 'zh-CN': '公司信息', en: 'Company' },
  fields: {
    name: name({ 'zh-CN': '公司名称', en: 'Company name' }, 128),
    shortName: { kind: 'text', label: { 'zh-CN': '简称', en: 'Short name' }, maxLength: 64 },
    phone: phone(),
    fax: phone({ 'zh-CN': '传真', en: 'Fax' }),
    email: { kind: 'email', label: { 'zh-CN': '邮箱', en: 'Email' }, maxLength: 128 },
    address: { kind: 'text', label: { 'zh-CN': '地址', en: 'Address' }, maxLength: 255 },
    taxNumber: { kind: 'text', label: { 'zh-CN': '税号', en: 'Tax number' }, maxLength: 32 },
    logo: { kind: 'image', label: { 'zh-CN': '标志', en: 'Logo' } },
    note,
  },
  defaultSort: { field: 'name', order: 'asc' },
};

/** Every master-data record carries these besides its fields. */
export interface RecordMeta {
  id: number;
  /** Optimistic concurrency: send it back with an update; a stale one is refused. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type MasterRecord = RecordMeta & Record<string, unknown>;

/** GET /api/admin/<name>/list query. Filters travel as `filter.<field>=value`. */
export interface ListQuery {
  page?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: SortOrder;
  keyword?: string;
  filters?: Record<string, string>;
}

export interface ListPage<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 20;

/** An uploaded, re-encoded image. The URLs work only with a logged-in session (cookie or header). */
export interface UploadedImage {
  id: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/** For reference fields: `<field>Label` on each row holds the referenced record's name. */
export const referenceLabelKey = (field: string) => `${field}Label`;

/** Where an uploaded image and its thumbnail are served (to logged-in users: header or cookie). */
export const imageUrl = (id: string) => `/api/admin/upload/image/${id}`;
export const thumbnailUrl = (id: string) => `/api/admin/upload/image/${id}/thumbnail`;

/** Every definition by name, for generic screens. */
export const ALL_MASTER_DATA: Record<string, MasterDataDefinition> = { ...MASTER_DATA, ...SPECIAL_MASTER_DATA };
