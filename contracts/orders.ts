// Orders (issue "orders"): sales orders with colour × size matrices, production orders made
// from them, production documents, review, hiding and the order-line query. Shared by the
// backend (validation, derivations) and the frontend (grids, forms).
//
// Decisions (see docs/ARCHITECTURE.md): a production order is one style of one customer order
// with its own colour × size grid and process route; review, hiding, the production document
// and (later) progress belong to the production order, the unit the floor works from. A sales
// order is the customer's PO; its lines say which styles and quantities were sold.

import type { Localized } from './master-data.js';

/** One cell of a colour × size grid. Cells with quantity 0 are not stored. */
export interface MatrixCell {
  colorId: number;
  sizeId: number;
  quantity: number;
}

export const MAX_CELL_QUANTITY = 1_000_000;

// ——— sales orders: /api/admin/saleOrder/list|detail|create|update|delete, route SaleOrder ———

/**
 * A sales-order line as sent on create/update (inside the JSON string field `lines`).
 * One line per style; the same style twice in one order is refused ("item already exists").
 */
export interface SaleOrderLineInput {
  /** Present when updating an existing line. */
  id?: number;
  goodsId: number;
  /** Defaults to the style's name. */
  productName?: string;
  costPrice: number;
  sellingPrice: number;
  /** e.g. 箱 carton; empty when not packed. */
  packingUnit?: string;
  /** Pieces per packing unit. */
  packingQuantity?: number;
  note?: string;
  cells: MatrixCell[];
}

/**
 * Header fields, as form fields on create/update (update also sends id and version). `orderNo`
 * is generated from the numbering pattern unless given. References are ids of master data.
 * Dates are YYYY-MM-DD.
 */
export interface SaleOrderInput {
  orderNo?: string;
  orderDate: string;
  deliveryDate: string;
  expectedDelivery?: string;
  customer: number;
  customerOrderNo?: string;
  currency?: number;
  freight?: number;
  payMethod?: number;
  orderType?: number;
  shipmentPlace?: string;
  salesperson?: number;
  designer?: number;
  merchandiser?: number;
  note?: string;
  /** JSON string of SaleOrderLineInput[]; at least one line ("no child detail"). */
  lines: string;
}

/** Derived on the server from the lines, never taken from the client. */
export interface OrderTotals {
  totalQuantity: number;
  /** Σ quantity × selling price. */
  totalAmount: number;
  /** Σ quantity × cost price. */
  totalCost: number;
  /** totalAmount − totalCost − freight. */
  profit: number;
  /** profit / totalAmount, 0 when there is no amount; a fraction (0.25 = 25 %). */
  profitRate: number;
}

export interface SaleOrderLine extends Omit<SaleOrderLineInput, 'id'> {
  id: number;
  lineNo: number;
  goodsCode: string;
  /** The style's colours and sizes, in order: the grid's rows and columns. */
  colors: { id: number; code: string; name: string; hex: string }[];
  sizes: { id: number; name: string }[];
  quantity: number;
  amount: number;
}

export interface SaleOrder extends OrderTotals {
  id: number;
  version: number;
  orderNo: string;
  orderDate: string;
  deliveryDate: string;
  expectedDelivery: string | null;
  customer: number;
  customerLabel: string;
  customerOrderNo: string;
  currency: number | null;
  currencyLabel: string | null;
  freight: number;
  payMethod: number | null;
  orderType: number | null;
  shipmentPlace: string;
  salesperson: number | null;
  designer: number | null;
  merchandiser: number | null;
  merchandiserLabel: string | null;
  note: string;
  /** Production orders made from this sales order. */
  productionOrderCount: number;
  /** Detail only. */
  lines?: SaleOrderLine[];
  createdAt: string;
  updatedAt: string;
}

// ——— production orders: /api/admin/productionOrder/…, route ProductionOrder ———

/** One step of a production order's route: a process of the process flow with its due date. */
export interface RouteStep {
  processId: number;
  processName?: string;
  sequence: number;
  /** YYYY-MM-DD. Derived from the delivery date when not given (see deriveDueDates). */
  dueDate: string;
}

/**
 * POST /api/admin/productionOrder/create — direct entry: orderNo?, customer, goodsId,
 * productName?, orderDate, deliveryDate, customerOrderNo?, note?, cells (JSON string of
 * MatrixCell[]), route? (JSON string of RouteStep[]; default: every process of the flow in
 * sort order, due dates derived).
 * POST /api/admin/productionOrder/createFromSaleOrder — saleOrderId and lineIds (comma-
 * separated; empty = all lines not yet in production): one production order per line.
 * POST /api/admin/productionOrder/update — id, version and any of the above; quantities and
 * the route cannot change while the order is reviewed (cancel the review first).
 * GET /api/admin/productionOrder/importTemplate → .xlsx; POST importExcel (multipart `file`):
 * all rows or none; errors as ImportRowError[] in `data.errors` with code 400.
 */
export interface ProductionOrder {
  id: number;
  version: number;
  orderNo: string;
  saleOrderId: number | null;
  saleOrderNo: string | null;
  saleOrderLineId: number | null;
  customer: number;
  customerLabel: string;
  customerOrderNo: string;
  goodsId: number;
  goodsCode: string;
  productName: string;
  /** The style's image (upload id), for lists. */
  goodsImage: string | null;
  orderDate: string;
  deliveryDate: string;
  totalQuantity: number;
  note: string;
  reviewed: boolean;
  reviewedAt: string | null;
  reviewNote: string;
  reviewedBy: string | null;
  hidden: boolean;
  /** Upload id of the production document (photo/scan of the paper sheet), null when not uploaded. */
  document: string | null;
  documentUploadedAt: string | null;
  completed: boolean;
  /** Not reviewed, or no document: shown with a warning wherever the order appears. */
  flagged: boolean;
  /** Detail only. */
  cells?: MatrixCell[];
  colors?: { id: number; code: string; name: string; hex: string }[];
  sizes?: { id: number; name: string }[];
  route?: RouteStep[];
  createdAt: string;
  updatedAt: string;
}

export interface ImportRowError {
  /** 1-based sheet row (row 1 is the header). */
  row: number;
  column: string;
  message: string;
}

/** The import sheet's columns, in order (the template has exactly these headers). */
export const IMPORT_COLUMNS: { key: string; title: Localized; required: boolean }[] = [
  { key: 'orderNo', title: { 'zh-CN': '生产单号', en: 'Production order no.' }, required: false },
  { key: 'customerCode', title: { 'zh-CN': '客户编码', en: 'Customer code' }, required: true },
  { key: 'customerOrderNo', title: { 'zh-CN': '客户订单号', en: 'Customer PO' }, required: false },
  { key: 'goodsCode', title: { 'zh-CN': '款号', en: 'Style no.' }, required: true },
  { key: 'colorCode', title: { 'zh-CN': '颜色编码', en: 'Colour code' }, required: true },
  { key: 'size', title: { 'zh-CN': '尺码', en: 'Size' }, required: true },
  { key: 'quantity', title: { 'zh-CN': '数量', en: 'Quantity' }, required: true },
  { key: 'orderDate', title: { 'zh-CN': '下单日期', en: 'Order date' }, required: true },
  { key: 'deliveryDate', title: { 'zh-CN': '交货日期', en: 'Delivery date' }, required: true },
  { key: 'note', title: { 'zh-CN': '备注', en: 'Note' }, required: false },
];
/** Rows with the same orderNo (or, without one, the same customer + customer PO + style) form one production order. */

// ——— documents, review, hiding ———
// POST /api/admin/productionOrder/uploadDocument (route OrderCreate): id, version, document
//   (upload id from /api/admin/upload/image). GET …/document?id= serves it only to users whose
//   attachmentProcessIds include a process of the order's route (or who hold the Permission screen).
// POST /api/admin/productionOrder/review (route OrderReview): id, version, reviewDate, note,
//   confirmWithoutDocument ('true' to review an order without a document; otherwise refused with
//   errorKey 'documentNotUploaded': "this document is not uploaded, confirm review").
// POST /api/admin/productionOrder/cancelReview (route OrderReview): id, version, note.
// POST /api/admin/productionOrder/hide and /show (route OrderHide): ids (comma-separated).
// GET /api/admin/productionOrder/export?view= (the list's query): the columns of the screen `view`.
/** The four screens listing production orders, whose columns an export can follow. */
export const PRODUCTION_ORDER_VIEWS = ['list', 'document', 'review', 'hide'] as const;
export type ProductionOrderView = (typeof PRODUCTION_ORDER_VIEWS)[number];
// Several documents per order (images and PDFs): see contracts/attachments.ts (documents,
//   addDocument, removeDocument); `document` is then the newest of them, and GET …/document serves
//   the newest image (a PDF only as a download).

// ——— order details: GET /api/admin/saleOrderSub/list|export, route SaleOrderSub ———
/** One row per order line × colour × size, across orders, with the order's state. */
export interface OrderLineRow {
  saleOrderId: number;
  orderNo: string;
  orderDate: string;
  deliveryDate: string;
  customerLabel: string;
  customerOrderNo: string;
  goodsCode: string;
  productName: string;
  colorName: string;
  sizeName: string;
  quantity: number;
  sellingPrice: number;
  amount: number;
  /** 'notInProduction' | 'inProduction' | 'completed'. */
  state: string;
  /** The sales order's currency (id of the currency master data), for showing its amounts. */
  currency?: number | null;
}
/** Filters: customer, goods, color, size, dateFrom, dateTo (order date), deliveryFrom, deliveryTo, state, keyword; list carries `totals: {quantity, amount}` over the whole filter. */

/** Due date of each step: spread backwards from the delivery date, the last step due on delivery. */
export function deriveDueDates(deliveryDate: string, orderDate: string, steps: number): string[] {
  const end = Date.parse(`${deliveryDate}T00:00:00Z`);
  const start = Math.min(Date.parse(`${orderDate}T00:00:00Z`), end);
  const day = 86_400_000;
  const span = Math.max(0, Math.round((end - start) / day));
  return Array.from({ length: steps }, (_, index) => {
    const offset = steps === 1 ? span : Math.round((span * (index + 1)) / steps);
    return new Date(start + offset * day).toISOString().slice(0, 10);
  });
}

/** The numbering pattern's default: {yyyy} {yy} {MM} {dd} and {seq:N} (zero-padded, per prefix). */
export const DEFAULT_ORDER_NUMBER_PATTERNS = { saleOrder: 'SO{yyyy}{MM}-{seq:4}', productionOrder: 'PO{yyyy}{MM}-{seq:4}' };
