import type { DelayAlert } from '@contracts/alerts';
import { kindsOf, marksOf, NO_MARKS, withCleared, withRaised } from './alert-marks';

const alert = (id: number, orderId: number, kind: DelayAlert['kind'] = 'stepOverdue'): DelayAlert => ({
  id,
  kind,
  orderId,
  orderNo: `PO-${orderId}`,
  processId: kind === 'stepOverdue' ? 3 : null,
  processName: kind === 'stepOverdue' ? '车缝' : null,
  raisedAt: '2026-03-01T08:00:00.000Z',
  clearedAt: null,
  detail: { deliveryDate: '2026-03-10' },
});

describe('board alert marks', () => {
  it('groups open alerts by order and leaves out those a push already cleared', () => {
    const marks = marksOf([alert(1, 7), alert(2, 7, 'deliveryAtRisk'), alert(3, 8), { ...alert(4, 9), clearedAt: '2026-03-02T00:00:00.000Z' }], new Set([3]));
    expect([...marks.keys()]).toEqual([7]);
    expect(kindsOf(marks.get(7))).toEqual(['stepOverdue', 'deliveryAtRisk']);
  });

  it('adds and removes one alert, keeping other orders’ entries as they were', () => {
    const start = withRaised(withRaised(NO_MARKS, alert(1, 7)), alert(2, 8));
    const order8 = start.get(8);
    expect(withRaised(start, alert(1, 7))).toBe(start);
    const more = withRaised(start, alert(5, 7, 'deliveryAtRisk'));
    expect(more.get(8)).toBe(order8);
    expect(kindsOf(more.get(7))).toEqual(['stepOverdue', 'deliveryAtRisk']);
    const less = withCleared(more, { id: 1, kind: 'stepOverdue', orderId: 7, processId: 3, clearedAt: 'x' });
    expect(kindsOf(less.get(7))).toEqual(['deliveryAtRisk']);
    expect(withCleared(less, { id: 5, kind: 'deliveryAtRisk', orderId: 7, processId: null, clearedAt: 'x' }).has(7)).toBe(false);
    expect(withCleared(less, { id: 99, kind: 'stepOverdue', orderId: 7, processId: 3, clearedAt: 'x' })).toBe(less);
  });
});
