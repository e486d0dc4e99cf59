// Test data for the board's tests (not shipped: only tests import it).
import type { DashboardSettings } from '@contracts/api';
import type { DomainEventEnvelope, ProgressRecorded } from '@contracts/events';
import { orderMetrics } from '@contracts/order-metrics';
import type { BoardSnapshot, ProgressColumn, ProgressRow, StepProgress } from '@contracts/production';

export const SETTINGS: DashboardSettings = {
  refreshType: 0,
  refreshInterval: 10,
  completedVisibleDays: 3,
  displayMode: 'delivery',
  sortBy: 'deliveryAsc',
  boardKeyEnabled: true,
};

export const COLUMNS: ProgressColumn[] = [
  { id: 1, code: 'P01', name: '裁剪', endProcess: false, warehouseIn: false, warehouseOut: false },
  { id: 2, code: 'P02', name: '车缝', endProcess: false, warehouseIn: false, warehouseOut: false },
  { id: 3, code: 'P03', name: '包装', endProcess: true, warehouseIn: false, warehouseOut: false },
];

export function step(processId: number, planned: number, done: number, dueDate = '2030-01-10', status: StepProgress['status'] = done >= planned ? 'done' : done > 0 ? 'partial' : 'notStarted'): StepProgress {
  return { processId, sequence: processId, dueDate, planned, done, status, firstScanAt: null, lastScanAt: null };
}

export function row(id: number, overrides: Partial<ProgressRow> = {}): ProgressRow {
  return {
    id,
    orderNo: `PO-${String(id).padStart(4, '0')}`,
    customerLabel: `客户${id}`,
    goodsCode: `G${id}`,
    productName: `T恤${id}`,
    goodsImage: null,
    orderDate: '2029-12-01',
    deliveryDate: `2030-01-${String(10 + (id % 20)).padStart(2, '0')}`,
    totalQuantity: 300,
    reviewed: true,
    hasDocument: true,
    flagged: false,
    completed: false,
    completedAt: null,
    finishRate: 0,
    delayDays: 0,
    status: 'notStarted',
    lastActivityAt: `2030-01-01T08:00:${String(id % 60).padStart(2, '0')}.000Z`,
    lastScanAt: null,
    steps: { '1': step(1, 300, 0), '2': step(2, 300, 0), '3': step(3, 300, 0) },
    ...overrides,
  };
}

export function snapshot(rows: ProgressRow[], overrides: Partial<BoardSnapshot> = {}): BoardSnapshot {
  return {
    columns: COLUMNS,
    rows,
    totals: orderMetrics(rows, '2030-01-01', 'board'),
    headSeq: 100,
    generatedAt: '2030-01-01T08:00:00.000Z',
    companyName: '示例服装厂',
    settings: SETTINGS,
    ...overrides,
  };
}

export function progress(orderId: number, processId: number, done: number, order: Partial<ProgressRecorded['order']> = {}): ProgressRecorded {
  return {
    orderId,
    orderNo: `PO-${String(orderId).padStart(4, '0')}`,
    processId,
    quantity: 10,
    scanId: `scan-${orderId}-${processId}-${done}`,
    step: step(processId, 300, done),
    order: {
      finishRate: Math.round((done / 900) * 1000) / 10,
      completed: false,
      completedAt: null,
      status: 'partial',
      delayDays: 0,
      lastActivityAt: '2030-01-01T09:00:00.000Z',
      ...order,
    },
  };
}

export function envelope<N extends DomainEventEnvelope['name']>(seq: number, name: N, payload: DomainEventEnvelope<N>['payload']): DomainEventEnvelope {
  return { seq, name, rooms: ['board'], at: '2030-01-01T09:00:00.000Z', payload } as DomainEventEnvelope;
}
