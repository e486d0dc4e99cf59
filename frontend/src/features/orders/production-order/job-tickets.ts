// Job tickets of a production order: one order ticket (QR of the order number, the order's
// facts and its colour × size summary) and one small ticket per process of its route (QR of
// order number + process code: scanning it at a station also selects the process).
import { encodeTicket } from '@contracts/production';
import type { ProductionOrder } from '@contracts/orders';

export interface ProcessRef {
  id: number;
  code: string;
  name: string;
}

export interface SummaryTable {
  sizes: { id: number; name: string }[];
  rows: { id: number; name: string; quantities: number[]; total: number }[];
  sizeTotals: number[];
  total: number;
}

export interface ProcessTicket {
  payload: string;
  sequence: number;
  processId: number;
  code: string;
  name: string;
  dueDate: string;
}

export interface JobTickets {
  orderPayload: string;
  summary: SummaryTable;
  processes: ProcessTicket[];
  /** Route steps whose process has no code in the flow (deleted since): printed without a process QR. */
  missingCodes: number[];
}

/** Colour rows × size columns with totals; colours or sizes without any quantity are left out. */
export function summaryOf(order: Pick<ProductionOrder, 'cells' | 'colors' | 'sizes'>): SummaryTable {
  const cells = order.cells ?? [];
  const quantity = (colorId: number, sizeId: number) => cells.filter((cell) => cell.colorId === colorId && cell.sizeId === sizeId).reduce((sum, cell) => sum + cell.quantity, 0);
  const sizes = (order.sizes ?? []).filter((size) => cells.some((cell) => cell.sizeId === size.id && cell.quantity > 0));
  const rows = (order.colors ?? [])
    .map((color) => {
      const quantities = sizes.map((size) => quantity(color.id, size.id));
      return { id: color.id, name: color.name, quantities, total: quantities.reduce((sum, value) => sum + value, 0) };
    })
    .filter((row) => row.total > 0);
  const sizeTotals = sizes.map((_, index) => rows.reduce((sum, row) => sum + row.quantities[index], 0));
  return { sizes, rows, sizeTotals, total: sizeTotals.reduce((sum, value) => sum + value, 0) };
}

export function jobTicketsOf(order: ProductionOrder, processes: readonly ProcessRef[]): JobTickets {
  const route = [...(order.route ?? [])].sort((a, b) => a.sequence - b.sequence);
  const missingCodes: number[] = [];
  const tickets: ProcessTicket[] = [];
  route.forEach((step, index) => {
    const process = processes.find((candidate) => candidate.id === step.processId);
    if (!process?.code) {
      missingCodes.push(step.processId);
      return;
    }
    tickets.push({
      payload: encodeTicket({ orderNo: order.orderNo, processCode: process.code }),
      sequence: index + 1,
      processId: process.id,
      code: process.code,
      name: process.name || step.processName || process.code,
      dueDate: step.dueDate,
    });
  });
  return { orderPayload: encodeTicket({ orderNo: order.orderNo }), summary: summaryOf(order), processes: tickets, missingCodes };
}
