// The sales-order form's model: header values and one line per style with its quantity grid;
// live totals (the server's are the truth after save), the client-side checks that mirror the
// server's, and the form body.
import type { SaleOrder, SaleOrderLineInput } from '@contracts/orders';
import type { FormBody } from '../../../lib/http-client';
import { cellsOf, grandTotal, roundMoney, valuesOf, type MatrixColor, type MatrixSize, type MatrixValues } from './matrix';

export interface SaleOrderHeader {
  orderNo: string;
  orderDate: string;
  deliveryDate: string;
  expectedDelivery: string;
  customer: number | null;
  customerOrderNo: string;
  currency: number | null;
  freight: number;
  payMethod: number | null;
  orderType: number | null;
  shipmentPlace: string;
  salesperson: number | null;
  designer: number | null;
  merchandiser: number | null;
  note: string;
}

export const REFERENCE_FIELDS = ['customer', 'currency', 'payMethod', 'orderType', 'salesperson', 'designer', 'merchandiser'] as const;

export interface LineDraft {
  /** Stable React key. */
  key: string;
  id?: number;
  goodsId: number;
  goodsCode: string;
  productName: string;
  costPrice: number;
  sellingPrice: number;
  packingUnit: string;
  packingQuantity: number | null;
  note: string;
  colors: MatrixColor[];
  sizes: MatrixSize[];
  values: MatrixValues;
}

export function emptyHeader(today: string): SaleOrderHeader {
  return {
    orderNo: '',
    orderDate: today,
    deliveryDate: '',
    expectedDelivery: '',
    customer: null,
    customerOrderNo: '',
    currency: null,
    freight: 0,
    payMethod: null,
    orderType: null,
    shipmentPlace: '',
    salesperson: null,
    designer: null,
    merchandiser: null,
    note: '',
  };
}

export function headerOf(order: SaleOrder): SaleOrderHeader {
  return {
    orderNo: order.orderNo,
    orderDate: order.orderDate,
    deliveryDate: order.deliveryDate,
    expectedDelivery: order.expectedDelivery ?? '',
    customer: order.customer,
    customerOrderNo: order.customerOrderNo ?? '',
    currency: order.currency,
    freight: Number(order.freight ?? 0),
    payMethod: order.payMethod,
    orderType: order.orderType,
    shipmentPlace: order.shipmentPlace ?? '',
    salesperson: order.salesperson,
    designer: order.designer,
    merchandiser: order.merchandiser,
    note: order.note ?? '',
  };
}

let keySeed = 0;
export const newLineKey = (): string => `line-${++keySeed}`;

export function linesOf(order: SaleOrder): LineDraft[] {
  return (order.lines ?? []).map((line) => ({
    key: newLineKey(),
    id: line.id,
    goodsId: line.goodsId,
    goodsCode: line.goodsCode,
    productName: line.productName ?? '',
    costPrice: Number(line.costPrice ?? 0),
    sellingPrice: Number(line.sellingPrice ?? 0),
    packingUnit: line.packingUnit ?? '',
    packingQuantity: line.packingQuantity ?? null,
    note: line.note ?? '',
    colors: line.colors,
    sizes: line.sizes,
    values: valuesOf(line.cells),
  }));
}

export interface LineTotals {
  quantity: number;
  amount: number;
  cost: number;
}

export function lineTotals(line: LineDraft): LineTotals {
  const quantity = grandTotal(line.values, line.colors, line.sizes);
  return { quantity, amount: roundMoney(quantity * line.sellingPrice), cost: roundMoney(quantity * line.costPrice) };
}

export interface LiveTotals {
  totalQuantity: number;
  totalAmount: number;
  totalCost: number;
  profit: number;
  profitRate: number;
}

export function orderTotals(lines: readonly LineDraft[], freight: number): LiveTotals {
  let totalQuantity = 0;
  let totalAmount = 0;
  let totalCost = 0;
  for (const line of lines) {
    const totals = lineTotals(line);
    totalQuantity += totals.quantity;
    totalAmount += totals.amount;
    totalCost += totals.cost;
  }
  totalAmount = roundMoney(totalAmount);
  totalCost = roundMoney(totalCost);
  const profit = roundMoney(totalAmount - totalCost - (freight || 0));
  return { totalQuantity, totalAmount, totalCost, profit, profitRate: totalAmount > 0 ? profit / totalAmount : 0 };
}

export type LineProblem = { key: 'noChildDetail' } | { key: 'noColorOrSize' | 'alreadyExists'; line: number; lineKey: string };

/** The first problem the server would refuse, in its order: no line, a line without quantity, a repeated style. */
export function lineProblem(lines: readonly LineDraft[]): LineProblem | null {
  if (lines.length === 0) return { key: 'noChildDetail' };
  const seen = new Set<number>();
  for (const [index, line] of lines.entries()) {
    if (seen.has(line.goodsId)) return { key: 'alreadyExists', line: index + 1, lineKey: line.key };
    seen.add(line.goodsId);
    if (cellsOf(line.values, line.colors, line.sizes).length === 0) return { key: 'noColorOrSize', line: index + 1, lineKey: line.key };
  }
  return null;
}

export function lineInputs(lines: readonly LineDraft[]): SaleOrderLineInput[] {
  return lines.map((line) => {
    const input: SaleOrderLineInput = {
      goodsId: line.goodsId,
      costPrice: line.costPrice,
      sellingPrice: line.sellingPrice,
      cells: cellsOf(line.values, line.colors, line.sizes),
    };
    if (line.id) input.id = line.id;
    if (line.productName.trim()) input.productName = line.productName.trim();
    if (line.packingUnit.trim()) input.packingUnit = line.packingUnit.trim();
    if (line.packingQuantity) input.packingQuantity = line.packingQuantity;
    if (line.note.trim()) input.note = line.note.trim();
    return input;
  });
}

/** Create leaves empty optional fields out; update sends '' so a cleared reference becomes none. */
export function saleOrderBody(header: SaleOrderHeader, lines: readonly LineDraft[], mode: 'create' | 'update'): FormBody {
  const none = mode === 'create' ? undefined : '';
  const text = (value: string) => (value.trim() ? value.trim() : none);
  const body: FormBody = {
    orderNo: header.orderNo.trim() || undefined,
    orderDate: header.orderDate,
    deliveryDate: header.deliveryDate,
    expectedDelivery: header.expectedDelivery || none,
    customer: header.customer ?? undefined,
    customerOrderNo: text(header.customerOrderNo),
    freight: header.freight || 0,
    shipmentPlace: text(header.shipmentPlace),
    note: text(header.note),
    lines: JSON.stringify(lineInputs(lines)),
  };
  for (const field of REFERENCE_FIELDS) {
    if (field === 'customer') continue;
    body[field] = header[field] ?? none;
  }
  return body;
}
