import { orderMetrics } from '@contracts/order-metrics';
import type { ProgressRecorded } from '@contracts/events';
import type { ProgressRow, ScheduleList, StepProgress } from '@contracts/production';
import { STEP_STATUSES } from '@contracts/production';
import { applyNewerProgress, applyProgressEvent, routeSteps, stepAvailable, stepPercent, stepRemaining } from './progress-model';
import { STATUS_STYLES, statusStyle } from '../../../lib/status-style';

const step = (processId: number, patch: Partial<StepProgress> = {}): StepProgress => ({
  processId,
  sequence: processId,
  dueDate: '2026-03-10',
  planned: 100,
  done: 0,
  status: 'notStarted',
  firstScanAt: null,
  lastScanAt: null,
  ...patch,
});

const row = (id: number, patch: Partial<ProgressRow> = {}): ProgressRow => ({
  id,
  orderNo: `PO-${id}`,
  customerLabel: 'C',
  goodsCode: 'G',
  productName: 'Tee',
  goodsImage: null,
  orderDate: '2026-03-01',
  deliveryDate: '2026-03-20',
  totalQuantity: 100,
  reviewed: true,
  hasDocument: true,
  flagged: false,
  completed: false,
  completedAt: null,
  finishRate: 0,
  delayDays: 0,
  status: 'notStarted',
  lastActivityAt: '2026-03-02T08:00:00.000Z',
  lastScanAt: null,
  steps: { '1': step(1), '2': step(2) },
  ...patch,
});

const page = (...rows: ProgressRow[]): ScheduleList => ({
  columns: [],
  rows,
  total: rows.length,
  totals: orderMetrics(rows, '2026-03-01', 'filter'),
});

const event = (orderId: number, processId: number, patch: { step?: Partial<StepProgress>; order?: Partial<ProgressRecorded['order']> } = {}): ProgressRecorded => ({
  orderId,
  orderNo: `PO-${orderId}`,
  processId,
  quantity: 30,
  scanId: 'scan-0001',
  step: step(processId, { done: 30, status: 'partial', firstScanAt: '2026-03-03T08:00:00.000Z', lastScanAt: '2026-03-03T08:00:00.000Z', ...patch.step }),
  order: { finishRate: 15, completed: false, completedAt: null, status: 'partial', delayDays: 0, lastActivityAt: '2026-03-03T08:00:00.000Z', ...patch.order },
});

describe('status colours', () => {
  it('maps every status to its colour: not started grey, partial blue, done green, delayed red', () => {
    expect(STATUS_STYLES.notStarted.color).toBe('#64748b');
    expect(STATUS_STYLES.partial.color).toBe('#2563eb');
    expect(STATUS_STYLES.done.color).toBe('#15803d');
    expect(STATUS_STYLES.delayed.color).toBe('#dc2626');
    expect(STEP_STATUSES.map((status) => statusStyle(status).severity)).toEqual(['secondary', 'info', 'success', 'danger']);
  });

  it('draws an unknown status as not started instead of failing', () => {
    expect(statusStyle('paused')).toBe(STATUS_STYLES.notStarted);
    expect(statusStyle(undefined)).toBe(STATUS_STYLES.notStarted);
  });

  it('computes the bar and the rest from planned and done, capped at the plan', () => {
    expect(stepPercent({ planned: 200, done: 50 })).toBe(25);
    expect(stepPercent({ planned: 100, done: 105 })).toBe(100);
    expect(stepPercent({ planned: 0, done: 0 })).toBe(0);
    expect(stepRemaining({ planned: 100, done: 105 })).toBe(0);
    expect(stepRemaining({ planned: 100, done: 40 })).toBe(60);
  });

  it('offers as the rest what the previous step has passed on, never more than the plan', () => {
    expect(stepAvailable({ planned: 500, done: 163 }, 210)).toBe(47);
    expect(stepAvailable({ planned: 500, done: 100 }, 500)).toBe(400);
    expect(stepAvailable({ planned: 500, done: 0 }, undefined)).toBe(500);
    expect(stepAvailable({ planned: 500, done: 220 }, 210)).toBe(0);
  });

  it('orders an order’s route by sequence and pairs each step with its process column', () => {
    const columns = [
      { id: 2, code: 'P2', name: '车缝', endProcess: false, warehouseIn: false, warehouseOut: false },
      { id: 1, code: 'P1', name: '裁剪', endProcess: false, warehouseIn: false, warehouseOut: false },
    ];
    const steps = routeSteps({ steps: { '2': step(2, { sequence: 2 }), '1': step(1, { sequence: 1 }), '9': step(9, { sequence: 3 }) } }, columns);
    expect(steps.map(({ step: s, column }) => [s.processId, column?.name])).toEqual([
      [1, '裁剪'],
      [2, '车缝'],
      [9, undefined],
    ]);
  });
});

describe('applying production.progressed to a schedule page', () => {
  it('replaces the step and the order summary of the row on the page, and nothing else', () => {
    const before = page(row(1), row(2));
    const result = applyProgressEvent(before, event(2, 1));
    expect(result.outcome).toBe('applied');
    expect(result.list.rows[0]).toBe(before.rows[0]);
    const updated = result.list.rows[1];
    expect(updated.steps['1']).toMatchObject({ done: 30, status: 'partial' });
    expect(updated.steps['2']).toBe(before.rows[1].steps['2']);
    expect(updated).toMatchObject({ finishRate: 15, status: 'partial', lastActivityAt: '2026-03-03T08:00:00.000Z' });
    // Immutable: the previous page is untouched (React sees a new object).
    expect(before.rows[1].steps['1'].done).toBe(0);
    expect(result.list.totals).toBe(before.totals);
  });

  it('says when the order status or completion changed, so the totals get refetched', () => {
    const partial = page(row(1, { status: 'partial', lastActivityAt: '2026-03-03T07:00:00.000Z' }));
    expect(applyProgressEvent(partial, event(1, 1)).summaryChanged).toBe(false);
    const done = applyProgressEvent(partial, event(1, 2, { step: { done: 100, status: 'done' }, order: { completed: true, status: 'done', finishRate: 100, completedAt: '2026-03-03T08:00:00.000Z' } }));
    expect(done.summaryChanged).toBe(true);
    expect(done.list.rows[0]).toMatchObject({ completed: true, status: 'done', completedAt: '2026-03-03T08:00:00.000Z' });
  });

  it('reports an order that is not on the page without changing the page', () => {
    const before = page(row(1));
    const result = applyProgressEvent(before, event(7, 1));
    expect(result).toEqual({ list: before, outcome: 'absent', summaryChanged: false });
  });

  it('is idempotent: the same event twice leaves the same numbers', () => {
    const once = applyProgressEvent(page(row(1)), event(1, 1)).list;
    const twice = applyProgressEvent(once, event(1, 1)).list;
    expect(twice.rows[0]).toEqual(once.rows[0]);
  });

  it('keeps newer numbers when an older event arrives after a fresher snapshot', () => {
    const fresh = row(1, {
      finishRate: 40,
      lastActivityAt: '2026-03-03T09:00:00.000Z',
      steps: { '1': step(1, { done: 80, lastScanAt: '2026-03-03T09:00:00.000Z' }), '2': step(2) },
    });
    const result = applyProgressEvent(page(fresh), event(1, 1));
    expect(result.outcome).toBe('stale');
    expect(result.list.rows[0]).toBe(fresh);
  });

  it('applies a late event of another process to its step while keeping the newer order summary', () => {
    const newer = row(1, { finishRate: 40, lastActivityAt: '2026-03-03T09:00:00.000Z', steps: { '1': step(1), '2': step(2, { done: 50, lastScanAt: '2026-03-03T09:00:00.000Z' }) } });
    const updated = applyNewerProgress(newer, event(1, 1));
    expect(updated.steps['1'].done).toBe(30);
    expect(updated.finishRate).toBe(40);
    expect(updated.lastActivityAt).toBe('2026-03-03T09:00:00.000Z');
  });

  it('applies a reversal (negative quantity) like any other event: the step takes its new numbers', () => {
    const after = applyProgressEvent(page(row(1)), event(1, 1)).list;
    const reversal = event(1, 1, { step: { done: 0, status: 'notStarted', lastScanAt: '2026-03-03T08:00:00.000Z' }, order: { finishRate: 0, status: 'notStarted', lastActivityAt: '2026-03-03T08:05:00.000Z' } });
    const result = applyProgressEvent(after, { ...reversal, quantity: -30 });
    expect(result.list.rows[0].steps['1']).toMatchObject({ done: 0, status: 'notStarted' });
    expect(result.summaryChanged).toBe(true);
  });
});
